import { Text } from '@chakra-ui/react';
import { formatZoneName, useDisplayTimeZone, useTranslation } from '@camposense/i18n';

export interface TimeZoneNoteProps {
  /** The instant whose offset is named (Santiago differs summer and winter). @default now */
  at?: Date;
}

/**
 * Names the zone the dates beside it are shown in, and why (issue 16): "Horas del fundo:
 * America/Lima (GMT-5)", or this browser's. Put it once per table or chart, not in every cell.
 */
export function TimeZoneNote({ at }: TimeZoneNoteProps) {
  const { t } = useTranslation();
  const { timeZone, basis } = useDisplayTimeZone();
  const zone = formatZoneName(timeZone, at);
  const key = basis === 'browser' ? 'timeZone.browser' : basis === 'mixed' ? 'timeZone.mixed' : 'timeZone.farm';
  return (
    <Text color="fg.muted" fontSize="sm" data-testid="time-zone-note">
      {t(key, { zone })}
    </Text>
  );
}
