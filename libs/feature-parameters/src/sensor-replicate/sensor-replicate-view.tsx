import { Box, List, SimpleGrid, Text } from '@chakra-ui/react';
import { useReplicateSensorsMutation, useSensorReplicateData } from '@camposense/data-access';
import type { SensorReplicateData } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { EmptyState, SearchableSelect, useReportUnsavedChanges } from '@camposense/ui';
import { useMemo, useState } from 'react';
import { FormFooter } from '../form-lists/form-footer';
import { FormListsView } from '../form-lists/form-lists-view';
import { FormHeading, ParametersForm } from '../form-lists/parameters-form';
import { useFormSubmit } from '../form-lists/use-form-submit';
import { ChoiceList } from '../choice-list/choice-list';
import { matchesSearch } from '../choice-list/choice-search';
import { nodeOptions, replicaTargets, replicatePlan, tipoOptions } from './replicate-model';
import type { ReplicatePlan } from './replicate-model';

/** Existing pairs named in the summary; the rest are counted. */
const EXISTING_SHOWN = 5;

/**
 * The sensor insert and massive sub-tabs (issue 13, item 1): a node, one or more probe types, and
 * optionally other nodes to carry the same probe set. A summary says what CREAR will write and which
 * (node, type) pairs exist already; one call writes them all, skipping those.
 */
export function SensorReplicateView() {
  const state = useSensorReplicateData();
  return (
    <FormListsView table="sensor" state={state}>
      {(data) => <ReplicateForm data={data} />}
    </FormListsView>
  );
}

function ReplicateForm({ data }: { data: SensorReplicateData }) {
  const { t } = useTranslation();
  const replicate = useReplicateSensorsMutation();
  const nodes = useMemo(() => nodeOptions(data.nodos, data.localizaciones, data.ubicaciones), [data]);
  const tipos = useMemo(() => tipoOptions(data.tipos, data.entidades), [data]);
  const [nodoid, setNodoid] = useState<number | null>(null);
  const [chosenTypes, setChosenTypes] = useState<number[]>([]);
  const [replicas, setReplicas] = useState<number[]>([]);
  const [nodeSearch, setNodeSearch] = useState('');
  const [checked, setChecked] = useState(false);
  const { busy, failureMessage, clearFailure, save } = useFormSubmit(replicate, {
    table: t('tables.sensor'),
    fieldLabel: (name) => t(name === 'nodoid' ? 'parameters.fields.nodoid' : 'parameters.fields.tipoid'),
  });

  // Spec section 5: a chosen node alone makes the form dirty.
  useReportUnsavedChanges(nodoid !== null || chosenTypes.length > 0 || replicas.length > 0);

  // The select filters here, on name, DevEUI and location; the chosen node stays listed so its name stays in the input.
  const nodeChoices = useMemo(
    () => nodes.filter((option) => option.value === nodoid || matchesSearch(`${option.label} ${option.detail ?? ''}`, nodeSearch)).map(({ value, label }) => ({ value, label })),
    [nodes, nodoid, nodeSearch],
  );
  const targets = useMemo(() => replicaTargets(nodes, nodoid), [nodes, nodoid]);
  const plan = useMemo(
    () => (nodoid !== null && chosenTypes.length > 0 ? replicatePlan(nodoid, replicas, chosenTypes, data.sensors, { nodes, tipos }) : null),
    [nodoid, replicas, chosenTypes, data.sensors, nodes, tipos],
  );

  if (nodes.length === 0) return <EmptyState title={t('parameterForms.sensor.noNodesTitle')} description={t('parameterForms.sensor.noNodes')} />;

  const nodeError = checked && nodoid === null ? t('parameterForms.sensor.chooseNode') : null;
  const typesError = checked && chosenTypes.length === 0 ? t('parameterForms.sensor.chooseType') : null;

  const chooseNode = (value: number | null) => {
    setNodoid(value);
    // The node chosen is not its own replica.
    if (value !== null) setReplicas((held) => held.filter((replica) => replica !== value));
  };

  const submit = async () => {
    setChecked(true);
    clearFailure();
    if (!plan) return;
    await save({ nodoids: plan.nodoids, tipoids: plan.tipoids }, {
      toast: (result) => {
        const skipped = result.skipped.length > 0 ? ` ${t('parameterForms.sensor.skipped', { count: result.skipped.length })}` : '';
        return { title: t('parameterForms.sensor.createdTitle'), message: `${t('parameterForms.sensor.created', { count: result.created.length })}${skipped}` };
      },
      onSaved: () => {
        setNodoid(null);
        setChosenTypes([]);
        setReplicas([]);
        setChecked(false);
      },
    });
  };

  return (
    <ParametersForm label={t('parameterForms.sensor.title')} onSubmit={submit}>
      <FormHeading title={t('parameterForms.sensor.title')} intro={t('parameterForms.sensor.intro')} />
      <Box maxW="28rem">
        <SearchableSelect
          label={t('parameterForms.sensor.node')}
          options={nodeChoices} value={nodoid} onChange={chooseNode}
          onSearchChange={setNodeSearch}
          placeholder={t('parameterForms.sensor.nodePlaceholder')}
          required error={nodeError}
          disabled={busy}
        />
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <ChoiceList
          label={t('parameterForms.sensor.types')}
          options={tipos} selected={chosenTypes} onChange={setChosenTypes}
          required error={typesError}
          emptyText={t('parameterForms.sensor.noTypes')}
          disabled={busy}
        />
        <ChoiceList
          label={t('parameterForms.sensor.targets')}
          options={targets} selected={replicas} onChange={setReplicas}
          emptyText={t('parameterForms.sensor.noTargets')}
          disabled={busy}
        />
      </SimpleGrid>
      {plan && nodoid !== null ? <Summary plan={plan} nodo={nodes.find((option) => option.value === nodoid)?.label ?? `#${nodoid}`} /> : null}
      <FormFooter failure={failureMessage} busy={busy} submitLabel={t('parameterForms.sensor.create')} busyLabel={t('parameterForms.sensor.creating')} />
    </ParametersForm>
  );
}

function Summary({ plan, nodo }: { plan: ReplicatePlan; nodo: string }) {
  const { t } = useTranslation();
  const replicaCount = plan.nodoids.length - 1;
  const hidden = plan.existing.length - EXISTING_SHOWN;
  return (
    <Box as="section" aria-label={t('parameterForms.sensor.summaryTitle')} borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <Text fontWeight="semibold">{t('parameterForms.sensor.summary', { count: plan.tipoids.length, nodo })}</Text>
      {replicaCount > 0 ? <Text fontSize="sm">{t('parameterForms.sensor.replicas', { count: replicaCount, total: plan.total })}</Text> : null}
      {plan.existing.length > 0 ? (
        <Box mt="2" fontSize="sm" color="fg.muted">
          <Text>{t('parameterForms.sensor.existing', { count: plan.existing.length })}</Text>
          <List.Root ps="5">
            {plan.existing.slice(0, EXISTING_SHOWN).map((pair) => (
              <List.Item key={`${pair.nodoid}:${pair.tipoid}`}>{`${pair.nodo} · ${pair.tipo}`}</List.Item>
            ))}
            {hidden > 0 ? <List.Item>{t('parameterForms.sensor.moreExisting', { count: hidden })}</List.Item> : null}
          </List.Root>
        </Box>
      ) : null}
    </Box>
  );
}
