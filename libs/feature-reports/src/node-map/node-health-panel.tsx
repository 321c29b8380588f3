import { Badge, CloseButton, Grid, Heading, HStack, List, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LOW_BATTERY_PERCENT } from '@camposense/domain';
import { useNodeHealth } from '@camposense/data-access';
import type { NodeHealthResponse } from '@camposense/data-access';
import { formatDateTime, formatNumber, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { Panel, QueryState, SeriesChart } from '@camposense/ui';
import type { ChartBucket } from '@camposense/ui';
import { RadioTower } from 'lucide-react';
import type { ReactNode } from 'react';
import { NodeStateBadge } from './node-state-badge';


export interface NodeHealthPanelProps {
  nodoId: number;
  /** Shows a close button. @default none */
  onClose?: () => void;
}

/** Nothing from the radio yet: no uplink with reception data, no status event, no frames. */
export function hasNoRadioData(health: NodeHealthResponse): boolean {
  return health.ultimaRecepcion === null && health.bateria === null && health.tendencia.length === 0 && health.tramas.recibidas === 0;
}

/**
 * A node's health from the radio (issue 33, item 2): its last uplink, the RSSI and SNR trend of
 * the last 7 days, its battery, and the frame-counter gaps (lost uplinks). A dead battery and a
 * weak gateway link then no longer look like a broken probe.
 */
export function NodeHealthPanel({ nodoId, onClose }: NodeHealthPanelProps) {
  const { t } = useTranslation();
  const health = useNodeHealth(nodoId);
  return (
    <Panel asChild>
      <Stack gap="3" aria-label={t('nodeHealth.show')} role="region" position="relative">
        {onClose && <CloseButton position="absolute" top="2" right="2" size="xs" aria-label={t('nodeMap.close')} onClick={onClose} />}
        <QueryState
          query={health}
          loadingLabel={t('nodeHealth.loading')}
          errorMessage={t('nodeHealth.error')}
          empty={{ when: hasNoRadioData, title: t('nodeHealth.noRadio'), description: t('nodeHealth.noRadioDescription'), icon: <RadioTower aria-hidden /> }}
        >
          {(data) => <NodeHealthContent health={data} />}
        </QueryState>
      </Stack>
    </Panel>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="1.5" fontSize="sm">
      <Heading as="h4" size="xs" color="fg.muted">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text color="fg.muted">{label}</Text>
      <Text>{children}</Text>
    </>
  );
}

/** The trend's points as the chart's buckets; the bucket width is the usual step between them. */
function trendBuckets(health: NodeHealthResponse, pick: 'rssi' | 'snr'): ChartBucket[] {
  return health.tendencia.map((point) => ({ t: new Date(point.fecha), min: point[pick], max: point[pick], avg: point[pick], count: 1 }));
}

function bucketSecondsOf(health: NodeHealthResponse): number {
  const times = health.tendencia.map((point) => Date.parse(point.fecha));
  const steps = times.slice(1).map((time, index) => time - (times[index] ?? time)).sort((a, b) => a - b);
  return Math.max(60, Math.round((steps[Math.floor(steps.length / 2)] ?? 3_600_000) / 1000));
}

function NodeHealthContent({ health }: { health: NodeHealthResponse }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const language = i18n.language;
  const date = (value: string | null | undefined) => formatDateTime(value, language, { timeZone }) ?? t('dashboard.notAvailable');
  const number = (value: number | null | undefined, digits = 1) => formatNumber(value, language, digits) ?? t('dashboard.notAvailable');
  const uplink = health.ultimaRecepcion;
  const battery = health.bateria;
  const low = battery?.nivel != null && battery.nivel < LOW_BATTERY_PERCENT;
  const { recibidas, perdidas, huecos } = health.tramas;
  const share = recibidas + perdidas > 0 ? (perdidas / (recibidas + perdidas)) * 100 : 0;
  const first = health.tendencia[0];
  const last = health.tendencia.at(-1);
  const bucketSeconds = bucketSecondsOf(health);

  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap" pe="8">
        <Heading as="h3" size="sm">
          {t('nodeHealth.title', { nodo: health.nodo })}
        </Heading>
        <NodeStateBadge state={health.estado} />
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Section title={t('nodeHealth.lastUplink')}>
          {uplink ? (
            <Grid templateColumns="auto 1fr" columnGap="3" rowGap="1">
              <Field label={t('nodeHealth.time')}>{date(uplink.fecha)}</Field>
              <Field label={t('nodeHealth.gateway')}>{uplink.gatewayId}</Field>
              <Field label={t('nodeHealth.rssi')}>{`${number(uplink.rssi)} dBm`}</Field>
              <Field label={t('nodeHealth.snr')}>{`${number(uplink.snr)} dB`}</Field>
              <Field label={t('nodeHealth.fcnt')}>{uplink.fcnt}</Field>
            </Grid>
          ) : (
            <Text color="fg.muted">{t('nodeHealth.noUplink')}</Text>
          )}
        </Section>
        <Section title={t('nodeHealth.battery')}>
          {battery ? (
            <Stack gap="1.5">
              {battery.nivel !== null && (
                <Progress.Root value={battery.nivel} max={100} size="sm" colorPalette={low ? 'orange' : 'green'} aria-label={t('nodeHealth.level')}>
                  <HStack justify="space-between">
                    <Progress.Label>{t('nodeHealth.level')}</Progress.Label>
                    <HStack gap="2">
                      {low && (
                        <Badge colorPalette="orange" variant="solid" size="sm">
                          {t('nodeHealth.batteryLow')}
                        </Badge>
                      )}
                      <Progress.ValueText>{`${battery.nivel} %`}</Progress.ValueText>
                    </HStack>
                  </HStack>
                  <Progress.Track mt="1">
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}
              <Grid templateColumns="auto 1fr" columnGap="3" rowGap="1">
                {battery.nivel === null && <Field label={t('nodeHealth.level')}>{t('dashboard.notAvailable')}</Field>}
                <Field label={t('nodeHealth.externalPower')}>{battery.externa ? t('nodeHealth.yes') : t('nodeHealth.no')}</Field>
                <Field label={t('nodeHealth.margin')}>{battery.margen === null ? t('dashboard.notAvailable') : `${battery.margen} dB`}</Field>
              </Grid>
              <Text color="fg.muted" fontSize="xs">
                {t('nodeHealth.batteryAt', { when: date(battery.fecha) })}
              </Text>
            </Stack>
          ) : (
            <Text color="fg.muted">{t('nodeHealth.noBattery')}</Text>
          )}
        </Section>
        <Section title={t('nodeHealth.frames')}>
          <Grid templateColumns="auto 1fr" columnGap="3" rowGap="1">
            <Field label={t('nodeHealth.received')}>{recibidas}</Field>
            <Field label={t('nodeHealth.lost')}>{`${perdidas} · ${t('nodeHealth.lostShare', { share: number(share) })}`}</Field>
          </Grid>
          {huecos.length === 0 ? (
            <Text color="fg.muted">{t('nodeHealth.noGaps')}</Text>
          ) : (
            <Stack gap="1">
              <Text color="fg.muted">{t('nodeHealth.gaps')}</Text>
              <List.Root gap="0.5" ps="4" aria-label={t('nodeHealth.gaps')}>
                {huecos.map((gap) => (
                  <List.Item key={`${gap.desdeFcnt}-${gap.hastaFcnt}`}>
                    {gap.desdeFcnt === gap.hastaFcnt ? t('nodeHealth.gapSingle', { from: gap.desdeFcnt }) : t('nodeHealth.gapRange', { from: gap.desdeFcnt, to: gap.hastaFcnt })}
                    {` · ${t('nodeHealth.gapCount', { count: gap.hastaFcnt - gap.desdeFcnt + 1 })} · ${date(gap.fecha)}`}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
        </Section>
      </SimpleGrid>
      <Section title={t('nodeHealth.trend')}>
        {first && last ? (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
            <Stack gap="1">
              <Text color="fg.muted" fontSize="xs">{`${t('nodeHealth.rssi')} (dBm)`}</Text>
              <SeriesChart label={t('nodeHealth.rssi')} unit="dBm" tone="blue" height={160} buckets={trendBuckets(health, 'rssi')} bucketSeconds={bucketSeconds} start={new Date(first.fecha)} end={new Date(last.fecha)} timeZone={timeZone} />
            </Stack>
            <Stack gap="1">
              <Text color="fg.muted" fontSize="xs">{`${t('nodeHealth.snr')} (dB)`}</Text>
              <SeriesChart label={t('nodeHealth.snr')} unit="dB" tone="teal" height={160} buckets={trendBuckets(health, 'snr')} bucketSeconds={bucketSeconds} start={new Date(first.fecha)} end={new Date(last.fecha)} timeZone={timeZone} />
            </Stack>
          </SimpleGrid>
        ) : (
          <Text color="fg.muted">{t('nodeHealth.noTrend')}</Text>
        )}
      </Section>
    </Stack>
  );
}
