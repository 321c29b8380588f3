import { HStack, Text } from '@chakra-ui/react';
import { localeOf, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import type { ConnectionState } from './connection-state';

export interface LiveIndicatorProps {
  /** The console's one connection state: what the header and the banner show too. */
  state: ConnectionState;
  /** When the stream was last heard; shown beside the state. */
  lastEventAt: Date | null;
  /** Fix the zone of the time (stories). @default the console's display zone */
  timeZone?: string;
}

/** hh:mm:ss of the last event, in the console's display zone. */
function timeOf(date: Date, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone }).format(date);
}

/**
 * What a screen that follows the live stream says of it: live, connecting, reconnecting or off,
 * with the time of the last event heard (words only: the header's light is the colour of the same
 * state). A polite live region: a screen reader hears it change.
 */
export function LiveIndicator({ state, lastEventAt, timeZone: timeZoneProp }: LiveIndicatorProps) {
  const { t, i18n } = useTranslation();
  const display = useDisplayTimeZone();
  const timeZone = timeZoneProp ?? display.timeZone;
  const label = {
    connecting: t('dashboard.liveConnecting'),
    live: t('dashboard.live'),
    reconnecting: t('dashboard.liveReconnecting'),
    off: t('dashboard.liveOff'),
  }[state];
  return (
    <HStack gap="1.5" justify="flex-end" fontSize="xs" color="fg.muted" role="status" aria-live="polite" data-state={state}>
      <Text as="span">{label}</Text>
      {lastEventAt ? (
        <Text as="span" fontVariantNumeric="tabular-nums">
          · {t('dashboard.liveLastEvent', { when: timeOf(lastEventAt, i18n.language, timeZone) })}
        </Text>
      ) : null}
    </HStack>
  );
}
