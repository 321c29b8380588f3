import { Badge, List, Stack, Text } from '@chakra-ui/react';
import { TimeZoneNote } from '@camposense/ui';
import type { CriticidadOption } from '@camposense/data-access';
import type { UmbralAuditChange, UmbralAuditEntry } from '@camposense/domain';
import { formatDateTime, formatNumber, useDisplayTimeZone, useTranslation } from '@camposense/i18n';

const ACTION_PALETTE = { INSERT: 'green', UPDATE: 'blue', DELETE: 'red' } as const;

export interface AuditListProps {
  entries: readonly UmbralAuditEntry[];
  /** Names criticidadid values; ids show as they are without it. */
  criticidades?: readonly CriticidadOption[] | undefined;
  /** Show each entry's threshold label (the tab-wide list). @default false */
  showLabel?: boolean;
  /** The list's accessible name. */
  label: string;
}

/** Audit entries newest first: who, when, what, and each changed value old → new. */
export function AuditList({ entries, criticidades = [], showLabel = false, label }: AuditListProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const none = t('thresholds.history.none');

  const show = (change: UmbralAuditChange, value: string | number | null) => {
    if (value === null) return none;
    if (change.campo === 'criticidadid') return criticidades.find((row) => row.criticidadid === value)?.criticidad ?? String(value);
    if (change.campo === 'statusid') return value === 1 ? t('thresholds.active') : t('thresholds.inactive');
    return typeof value === 'number' ? formatNumber(value, i18n.language) : value;
  };

  return (
    <Stack gap="2">
      {/* The zone the times below are in, once for the list (the farm's, or this browser's). */}
      {entries.length > 0 ? <TimeZoneNote /> : null}
      <List.Root as="ul" listStyle="none" gap="3" aria-label={label}>
        {entries.map((entry) => {
          // No user: the change was the system's. A user without name or login: one a reader may not see.
          const who = entry.usuario
            ? [entry.usuario.firstname, entry.usuario.lastname].filter(Boolean).join(' ') || entry.usuario.login || t('thresholds.history.hiddenUser')
            : t('thresholds.history.unknownUser');
          return (
            <List.Item key={entry.auditlogumbralid} borderBottomWidth="1px" borderColor="border.muted" pb="2">
              <Stack gap="1">
                <Stack direction="row" gap="2" align="center" wrap="wrap">
                  <Badge colorPalette={ACTION_PALETTE[entry.accion]} variant="subtle">
                    {t(`thresholds.history.actions.${entry.accion}`)}
                  </Badge>
                  {showLabel && entry.umbral ? (
                    <Text fontSize="sm" fontWeight="semibold">
                      {entry.umbral}
                    </Text>
                  ) : null}
                </Stack>
                <Text fontSize="xs" color="fg.muted">
                  {t('thresholds.history.by', { who, when: formatDateTime(entry.fecha, i18n.language, { timeZone }) ?? none })}
                </Text>
                {entry.cambios.map((change) => (
                  <Text key={change.campo} fontSize="sm">
                    <Text as="span" color="fg.muted">
                      {t(`thresholds.history.fields.${change.campo}`)}:{' '}
                    </Text>
                    {show(change, change.anterior)} → {show(change, change.nuevo)}
                  </Text>
                ))}
              </Stack>
            </List.Item>
          );
        })}
      </List.Root>
    </Stack>
  );
}
