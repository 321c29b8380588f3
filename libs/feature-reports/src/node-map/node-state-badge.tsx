import { Badge, HStack } from '@chakra-ui/react';
import type { NodeMapState } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { STATE_LOOK } from './node-state';

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
