import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import type { NodoConLocalizacion } from '@camposense/domain';
import { formatDateTime, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { useState } from 'react';

export interface SilentNodeNoticeProps {
  /** A node with an open no-data episode (`episodioSinDatos`); nothing is shown otherwise. */
  node: NodoConLocalizacion;
  /** Acknowledges the episode (POST /api/episodes/{id}/acknowledge); a rejection shows the error. */
  onAcknowledge: (episodioid: number) => Promise<void>;
}

/**
 * Above the charts of a silent node: since when it sends nothing, and the button that acknowledges
 * its no-data episode (stopping repeats and escalation, alarms.md) — the alerts report lists
 * threshold alerts only, so this is where a no-data alarm is acknowledged.
 */
export function SilentNodeNotice({ node, onAcknowledge }: SilentNodeNoticeProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const episode = node.episodioSinDatos;
  if (!episode) return null;
  const active = episode.statusid === 1;
  const since = formatDateTime(node.ultimaFecha, i18n.language, { timeZone }) ?? t('dashboard.notAvailable');

  const acknowledge = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onAcknowledge(episode.episodioid);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert.Root status={active ? 'error' : 'neutral'} size="sm" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {active
            ? t('dashboard.silentNotice', { nodo: node.nodo, since, minutes: node.ventanaInactividad })
            : t('dashboard.silentAcknowledgedNotice', { nodo: node.nodo })}
        </Alert.Description>
        {failed && (
          <Text role="alert" fontSize="sm" fontWeight="semibold">
            {t('dashboard.acknowledgeSilentError')}
          </Text>
        )}
      </Alert.Content>
      {active && (
        <HStack>
          <Button size="xs" variant="solid" loading={busy} loadingText={t('dashboard.acknowledgeSilent')} onClick={() => void acknowledge()}>
            {t('dashboard.acknowledgeSilent')}
          </Button>
        </HStack>
      )}
    </Alert.Root>
  );
}
