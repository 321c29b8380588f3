import { Button, CloseButton, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import type { NodeMapNode } from '@camposense/data-access';
import { formatDateTime, formatNumber, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { Panel } from '@camposense/ui';
import { Activity, ChartLine } from 'lucide-react';
import { NodeStateBadge } from './node-state-badge';

export interface NodeCardProps {
  node: NodeMapNode;
  /** Opens the node's charts in the dashboard. */
  onOpenCharts: (nodoid: number) => void;
  /** Opens the node's health panel. */
  onOpenHealth: (nodoid: number) => void;
  onClose: () => void;
}

/** What a marker opens: the node's state, its last values, battery and signal, and the ways on. */
export function NodeCard({ node, onOpenCharts, onOpenHealth, onClose }: NodeCardProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const when = formatDateTime(node.ultimaFecha, i18n.language, { timeZone }) ?? t('nodeMap.never');
  return (
    <Panel asChild>
      <Stack gap="2" role="dialog" aria-label={node.nodo} fontSize="sm" minW="16rem" maxW="22rem">
        <HStack justify="space-between" align="start">
          <Stack gap="0.5">
            <Text fontWeight="bold">{node.nodo}</Text>
            <Text color="fg.muted" fontSize="xs">
              {node.ubicacion} · {node.fundo}
            </Text>
          </Stack>
          <CloseButton size="2xs" aria-label={t('nodeMap.close')} onClick={onClose} />
        </HStack>
        <NodeStateBadge state={node.estado} />
        <Grid templateColumns="auto 1fr" columnGap="3" rowGap="1">
          <Text color="fg.muted">{t('nodeMap.lastReading')}</Text>
          <Text>{when}</Text>
          {node.valores.map((valor) => (
            <FragmentRow key={valor.metricaabrev} label={valor.metrica} value={`${formatNumber(valor.valor, i18n.language, 2) ?? ''}${valor.unidad ? ` ${valor.unidad}` : ''}`} />
          ))}
          <Text color="fg.muted">{t('nodeMap.battery')}</Text>
          <Text>{node.bateria === null ? t('dashboard.notAvailable') : `${node.bateria} %`}</Text>
          <Text color="fg.muted">{t('nodeMap.signal')}</Text>
          <Text>{node.rssi === null ? t('dashboard.notAvailable') : `${node.rssi} dBm`}</Text>
        </Grid>
        {node.valores.length === 0 && <Text color="fg.muted">{t('nodeMap.noValues')}</Text>}
        <HStack gap="2" pt="1" wrap="wrap">
          <Button size="xs" variant="solid" onClick={() => onOpenCharts(node.nodoid)}>
            <ChartLine aria-hidden />
            {t('nodeMap.openCharts')}
          </Button>
          <Button size="xs" variant="outline" onClick={() => onOpenHealth(node.nodoid)}>
            <Activity aria-hidden />
            {t('nodeMap.openHealth')}
          </Button>
        </HStack>
      </Stack>
    </Panel>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text color="fg.muted">{label}</Text>
      <Text>{value}</Text>
    </>
  );
}
