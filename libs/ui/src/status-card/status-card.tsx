import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
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

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap="2" fontSize="xs">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Flex>
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
    <Box role="status" aria-label={t('systemStatus.title')} borderWidth="1px" borderRadius="md" p="3" bg="surface.raised">
      <Text fontSize="2xs" fontWeight="bold" letterSpacing="widest" color="fg.muted" mb="2">
        {t('systemStatus.title')}
      </Text>
      <Stack gap="1.5">
        {light}
        <Figure label={t('systemStatus.activeTime')} value={activeTime} />
        <Figure label={t('systemStatus.sensors')} value={number(sensors)} />
        <Figure label={t('systemStatus.alerts')} value={number(activeAlerts)} />
      </Stack>
    </Box>
  );
}
