import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import { useAcknowledgeEpisodeMutation } from '@camposense/data-access';
import type { NodoConLocalizacion } from '@camposense/domain';
import { formatDateTime, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { showToast, useWriteLock } from '@camposense/ui';
import { useState } from 'react';
import { AcknowledgeEpisodeDialog } from '../shared/acknowledge-episode-dialog';
import { useReadOnlyReason } from '../shared/operate-access';

export interface SilentNodeNoticeProps {
  /** A node with an open no-data episode (`episodioSinDatos`); nothing is shown otherwise. */
  node: NodoConLocalizacion;
}

/**
 * Above the charts of a silent node: since when it sends nothing, and the button that acknowledges
 * its no-data episode (stopping repeats and escalation, alarms.md) — the alerts report lists
 * threshold alerts only, so this is where a no-data alarm is acknowledged. As in the report,
 * acknowledging is a decision: a dialog asks, takes an optional note, and a toast confirms.
 */
export function SilentNodeNotice({ node }: SilentNodeNoticeProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const [asking, setAsking] = useState(false);
  const writeLock = useWriteLock();
  // Below the level operacion in the node's company the API refuses the acknowledgement (issue 32).
  const readOnly = useReadOnlyReason()(node.empresaid);
  // The episode is acknowledged with the operator's note (an empty note is none); a failure is said in the dialog and a toast.
  const acknowledgeEpisode = useAcknowledgeEpisodeMutation();
  const busy = acknowledgeEpisode.isMutating;
  // A try under way hides the last one's failure.
  const failed = acknowledgeEpisode.error !== undefined && !busy;
  const episode = node.episodioSinDatos;
  if (!episode) return null;
  const active = episode.statusid === 1;
  const since = formatDateTime(node.ultimaFecha, i18n.language, { timeZone }) ?? t('dashboard.notAvailable');

  const acknowledge = async (note: string) => {
    try {
      await acknowledgeEpisode.trigger({ episodioid: episode.episodioid, nota: note || undefined });
      setAsking(false);
      showToast({
        type: 'success',
        title: t('reports.alerts.acknowledgedToastTitle'),
        message: t('dashboard.acknowledgedSilentToast', { nodo: node.nodo }),
      });
    } catch {
      showToast({ type: 'error', title: t('dashboard.acknowledgeSilentError') });
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
      </Alert.Content>
      {active && readOnly && (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" title={readOnly}>
          {t('reports.access.readOnlyShort')}
        </Text>
      )}
      {active && !readOnly && (
        <HStack>
          <Button
            size="xs"
            variant="solid"
            disabled={writeLock.locked}
            title={writeLock.reason ?? undefined}
            onClick={() => {
              acknowledgeEpisode.reset();
              setAsking(true);
            }}
          >
            {t('dashboard.acknowledgeSilent')}
          </Button>
        </HStack>
      )}
      {active && asking && (
        <AcknowledgeEpisodeDialog
          description={t('dashboard.acknowledgeSilentDescription', { nodo: node.nodo })}
          errorMessage={t('dashboard.acknowledgeSilentError')}
          busy={busy}
          failed={failed}
          onConfirm={(note) => void acknowledge(note)}
          onCancel={() => setAsking(false)}
        />
      )}
    </Alert.Root>
  );
}
