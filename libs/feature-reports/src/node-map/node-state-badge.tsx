import { Badge, HStack } from '@chakra-ui/react';
import type { NodeMapState } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { BatteryLow, CircleCheck, TriangleAlert, WifiOff } from 'lucide-react';
import type { ReactElement } from 'react';

/** Every state, in the contract's precedence (the legend's order). */
export const NODE_STATES: readonly NodeMapState[] = ['silencioso', 'alerta', 'bateria-baja', 'normal'];

/**
 * Each state's colour palette and icon: the icon tells the states apart where colour alone would
 * not (colour blindness, a grey phone screen in the sun).
 */
export const STATE_LOOK: Record<NodeMapState, { palette: string; icon: () => ReactElement }> = {
  normal: { palette: 'green', icon: () => <CircleCheck aria-hidden size={14} /> },
  alerta: { palette: 'red', icon: () => <TriangleAlert aria-hidden size={14} /> },
  silencioso: { palette: 'gray', icon: () => <WifiOff aria-hidden size={14} /> },
  'bateria-baja': { palette: 'orange', icon: () => <BatteryLow aria-hidden size={14} /> },
};

/** A cluster takes the most urgent state of its members. */
export function worstState(states: readonly NodeMapState[]): NodeMapState {
  return NODE_STATES.find((state) => states.includes(state)) ?? 'normal';
}

/** A node's state as a badge, with the marker's colour and icon. */
export function NodeStateBadge({ state }: { state: NodeMapState }) {
  const { t } = useTranslation();
  const look = STATE_LOOK[state];
  return (
    <Badge colorPalette={look.palette} variant="solid" size="sm">
      <HStack gap="1">
        {look.icon()}
        {t(`nodeMap.state.${state}`)}
      </HStack>
    </Badge>
  );
}
