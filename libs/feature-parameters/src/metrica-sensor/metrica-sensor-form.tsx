import { Box, Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { isApiError, useMetricaSensorForm, useReplicateMetricSensorsMutation } from '@camposense/data-access';
import type { MetricaSensorFormData } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import type { Translate } from '@camposense/i18n';
import { SearchableSelect, useReportUnsavedChanges } from '@camposense/ui';
import { useMemo, useState } from 'react';
import { FormFooter } from '../form-lists/form-footer';
import { FormListsView } from '../form-lists/form-lists-view';
import { FormHeading, ParametersForm } from '../form-lists/parameters-form';
import { useFormSubmit } from '../form-lists/use-form-submit';
import { ChoiceList } from '../choice-list/choice-list';
import type { ChoiceOption } from '../choice-list/choice-list';
import { mappedMetrics, metricOptions, nodesWithProbe, nodesWithProbes, probeTypesInUse, probeTypesOf, triplesOf } from './metrica-sensor-model';

export interface MetricaSensorFormProps {
  /**
   * `insert`: one node, then one of its probe types, then the metrics it reports. `massive`: one
   * probe type and its metrics, applied to many nodes that carry that probe.
   * @default 'insert'
   */
  mode?: 'insert' | 'massive';
}

/**
 * The metricasensor insert and massive sub-tabs (issue 13, item 2). The probe type is locked once
 * chosen (spec, "Parameter forms"): CAMBIAR unlocks it and clears the metrics ticked for it. One
 * call (`/metricasensor/replicate`) writes every (node, type, metric), all or none.
 */
export function MetricaSensorForm({ mode = 'insert' }: MetricaSensorFormProps) {
  const { t } = useTranslation();
  const state = useMetricaSensorForm();
  return (
    <FormListsView
      table="metricasensor"
      state={state}
      empty={{
        when: (data) => nodesWithProbes(data.nodos, data.sensores).length === 0,
        title: t('parameterForms.metricaSensor.emptyTitle'),
        description: t('parameterForms.metricaSensor.emptyDescription'),
      }}
    >
      {(data) => <MappingForm key={mode} data={data} mode={mode} />}
    </FormListsView>
  );
}

const fieldLabel = (t: Translate) => (name: string) =>
  name === 'nodoid' ? t('parameters.fields.nodoid') : name === 'tipoid' ? t('parameters.fields.tipoid') : name === 'metricaid' ? t('parameters.fields.metricaid') : name;

function MappingForm({ data, mode }: { data: MetricaSensorFormData; mode: 'insert' | 'massive' }) {
  const { t } = useTranslation();
  const replicate = useReplicateMetricSensorsMutation();
  const massive = mode === 'massive';
  const [nodoid, setNodoid] = useState<number | null>(null);
  const [tipoid, setTipoid] = useState<number | null>(null);
  const [metricaids, setMetricaids] = useState<number[]>([]);
  const [nodoids, setNodoids] = useState<number[]>([]);
  const [checked, setChecked] = useState(false);
  const { busy, failureMessage, clearFailure, save } = useFormSubmit(replicate, {
    table: t('tables.metricasensor'),
    fieldLabel: fieldLabel(t),
    explainFailure: (error) => (isApiError(error) && error.code === 'FOREIGN_KEY' ? t('parameterForms.metricaSensor.probeMissing') : null),
  });

  const triples = useMemo(() => triplesOf(data.metricasensor), [data]);
  const nodeOptions = useMemo(() => nodesWithProbes(data.nodos, data.sensores), [data]);
  const typeOptions = useMemo(
    () =>
      massive
        ? probeTypesInUse(data.sensores, data.tipos, data.entidades)
        : nodoid === null
          ? []
          : probeTypesOf(nodoid, data.sensores, data.tipos, data.entidades),
    [data, massive, nodoid],
  );
  const alreadyMapped = t('parameterForms.metricaSensor.alreadyMapped');
  const metrics = useMemo<ChoiceOption[]>(() => {
    if (tipoid === null) return [];
    const held = massive || nodoid === null ? new Set<number>() : mappedMetrics(triples, nodoid, tipoid);
    return metricOptions(data.metricas, held).map((option) =>
      option.held ? { ...option, detail: option.detail ? `${option.detail} · ${alreadyMapped}` : alreadyMapped } : option,
    );
  }, [data, triples, massive, nodoid, tipoid, alreadyMapped]);
  const targetNodes = useMemo(() => (massive && tipoid !== null ? nodesWithProbe(tipoid, data.nodos, data.sensores) : []), [data, massive, tipoid]);

  useReportUnsavedChanges(nodoid !== null || tipoid !== null || metricaids.length > 0 || nodoids.length > 0);

  const clearType = () => {
    setTipoid(null);
    setMetricaids([]);
    setNodoids([]);
  };
  const chooseNode = (value: number | null) => {
    setNodoid(value);
    clearType();
  };
  const reset = () => {
    setNodoid(null);
    clearType();
    setChecked(false);
  };

  const nodeError = checked && !massive && nodoid === null ? t('parameterForms.metricaSensor.chooseNode') : null;
  const typeError = checked && tipoid === null ? t('parameterForms.metricaSensor.chooseType') : null;
  const metricsError = checked && metricaids.length === 0 ? t('parameterForms.metricaSensor.chooseMetric') : null;
  const nodesError = checked && massive && nodoids.length === 0 ? t('parameterForms.metricaSensor.chooseNodes') : null;

  const submit = async () => {
    setChecked(true);
    clearFailure();
    const targets = massive ? nodoids : nodoid === null ? [] : [nodoid];
    if (tipoid === null || targets.length === 0 || metricaids.length === 0) return;
    await save({ nodoids: targets, tipoid, metricaids }, {
      toast: (result) => {
        const skipped = result.skipped.length > 0 ? ` ${t('parameterForms.metricaSensor.skipped', { count: result.skipped.length })}` : '';
        return { title: t('parameterForms.metricaSensor.savedTitle'), message: `${t('parameterForms.metricaSensor.created', { count: result.created.length })}${skipped}` };
      },
      onSaved: reset,
    });
  };

  const title = t(massive ? 'parameterForms.metricaSensor.massiveTitle' : 'parameterForms.metricaSensor.insertTitle');
  const typeSelect = (
    <Stack gap="1">
      <Flex gap="2" align="flex-end">
        <Box flex="1" minW="0">
          <SearchableSelect
            label={t('parameterForms.metricaSensor.type')}
            options={typeOptions} value={tipoid} onChange={setTipoid}
            placeholder={t(!massive && nodoid === null ? 'parameterForms.metricaSensor.chooseNodeFirst' : 'parameterForms.metricaSensor.typePlaceholder')}
            // Locked once chosen: CAMBIAR unlocks it.
            disabled={busy || tipoid !== null || (!massive && nodoid === null)}
            clearable={false}
            required error={typeError}
          />
        </Box>
        {tipoid !== null ? (
          <Button size="sm" variant="outline" onClick={clearType} disabled={busy} aria-label={t('parameterForms.metricaSensor.changeLabel')} mb={typeError ? '6' : '0'}>
            {t('parameterForms.metricaSensor.change')}
          </Button>
        ) : null}
      </Flex>
      {tipoid !== null ? (
        <Text fontSize="xs" color="fg.muted">
          {t('parameterForms.metricaSensor.typeLocked')}
        </Text>
      ) : null}
    </Stack>
  );
  const metricList = (
    <ChoiceList
      label={t('parameterForms.metricaSensor.metrics')}
      options={metrics} selected={metricaids} onChange={setMetricaids}
      required error={metricsError}
      emptyText={t(tipoid === null ? 'parameterForms.metricaSensor.chooseTypeFirst' : 'parameterForms.metricaSensor.noMetrics')}
      disabled={busy}
    />
  );

  return (
    <ParametersForm label={title} onSubmit={submit}>
      <FormHeading title={title} intro={t(massive ? 'parameterForms.metricaSensor.massiveIntro' : 'parameterForms.metricaSensor.insertIntro')} />
      {massive ? (
        <>
          <Box maxW="32rem">{typeSelect}</Box>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {metricList}
            <ChoiceList
              label={t('parameterForms.metricaSensor.nodes')}
              options={targetNodes} selected={nodoids} onChange={setNodoids}
              required error={nodesError}
              emptyText={t(tipoid === null ? 'parameterForms.metricaSensor.chooseTypeFirst' : 'parameterForms.metricaSensor.noNodes')}
              disabled={busy}
            />
          </SimpleGrid>
        </>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
          <Stack gap="4">
            <SearchableSelect
              label={t('parameterForms.metricaSensor.node')}
              options={nodeOptions} value={nodoid} onChange={chooseNode}
              placeholder={t('parameterForms.metricaSensor.nodePlaceholder')}
              disabled={busy}
              required error={nodeError}
            />
            {typeSelect}
          </Stack>
          {metricList}
        </SimpleGrid>
      )}
      <FormFooter failure={failureMessage} busy={busy} submitLabel={t('parameterForms.metricaSensor.save')} busyLabel={t('parameterForms.metricaSensor.saving')} />
    </ParametersForm>
  );
}
