import { Box, createSlotRecipeContext, HStack, Text, type HTMLChakraProps } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import type { ConnectionState } from './connection-state';
import { CONNECTION_LIGHT } from './connection-state';

export interface StatusFigures {
  /** The console's one connection state: the banner and the live indicator show the same. */
  connection: ConnectionState;
  /** How long this session has been active, already formatted (e.g. `2 h 15 min`). */
  activeTime: string;
  sensors: number | null;
  activeAlerts: number | null;
}

export interface StatusCardProps extends StatusFigures {
  /** Header variant: one line instead of a card. @default 'card' */
  variant?: 'card' | 'inline';
}

// The card's parts, styled by the `statusCard` slot recipe (theme/recipes/status-card.ts).
const { withProvider, withContext } = createSlotRecipeContext({ key: 'statusCard' });
const CardRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'root');
const CardTitle = withContext<HTMLParagraphElement, HTMLChakraProps<'p'>>('p', 'title');
const CardFigures = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'figures');
const CardFigure = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'figure');
const CardLabel = withContext<HTMLParagraphElement, HTMLChakraProps<'p'>>('p', 'label');
const CardValue = withContext<HTMLParagraphElement, HTMLChakraProps<'p'>>('p', 'value');

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <CardFigure>
      <CardLabel>{label}</CardLabel>
      <CardValue>{value}</CardValue>
    </CardFigure>
  );
}

const CONNECTION_TEXT = {
  connecting: 'systemStatus.connecting',
  live: 'systemStatus.online',
  reconnecting: 'systemStatus.offline',
  off: 'systemStatus.offline',
} as const satisfies Record<ConnectionState, string>;

/** The system status of the sidebar card and the header: connection, active time, sensors, alerts. */
export function StatusCard({ connection, activeTime, sensors, activeAlerts, variant = 'card' }: StatusCardProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number | null) => (value === null ? '—' : value.toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-ES'));
  const light = (
    <HStack gap="2">
      <Box w="2" h="2" borderRadius="full" bg={CONNECTION_LIGHT[connection]} aria-hidden />
      <Text fontSize="xs" fontWeight="semibold">
        {t(CONNECTION_TEXT[connection])}
      </Text>
    </HStack>
  );
  if (variant === 'inline') {
    return (
      <HStack gap="4" fontSize="xs" role="status" aria-label={t('systemStatus.title')}>
        {light}
        <Text color="fg.muted">
          {t('systemStatus.activeTime')}: <Text as="span" color="fg" fontWeight="semibold">{activeTime}</Text>
        </Text>
        <Text color="fg.muted">
          {t('systemStatus.sensors')}: <Text as="span" color="fg" fontWeight="semibold">{number(sensors)}</Text>
        </Text>
        <Text color="fg.muted">
          {t('systemStatus.alerts')}: <Text as="span" color="fg" fontWeight="semibold">{number(activeAlerts)}</Text>
        </Text>
      </HStack>
    );
  }
  return (
    <CardRoot role="status" aria-label={t('systemStatus.title')}>
      <CardTitle>{t('systemStatus.title')}</CardTitle>
      <CardFigures>
        {light}
        <Figure label={t('systemStatus.activeTime')} value={activeTime} />
        <Figure label={t('systemStatus.sensors')} value={number(sensors)} />
        <Figure label={t('systemStatus.alerts')} value={number(activeAlerts)} />
      </CardFigures>
    </CardRoot>
  );
}
