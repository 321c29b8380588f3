import { Badge, Box, Button, Flex, Group, Heading, HStack, Input, InputAddon, NativeSelect, SimpleGrid, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { isApiError, useSaveMassiveThresholdsMutation, useUmbralMassiveForm, useUmbralMassiveScope } from '@camposense/data-access';
import type { UmbralMassiveFormData } from '@camposense/data-access';
import type { UmbralScopeResponse } from '@camposense/domain';
import { formatNumber, useTranslation } from '@camposense/i18n';
import type { Translate } from '@camposense/i18n';
import { FormField, gradoPalette, QueryState, SearchableSelect, useReportUnsavedChanges } from '@camposense/ui';
import { memo, useCallback, useMemo, useState } from 'react';
import { FormFooter } from '../form-lists/form-footer';
import { FormListsView } from '../form-lists/form-lists-view';
import { FormHeading, ParametersForm } from '../form-lists/parameters-form';
import { useFormSubmit } from '../form-lists/use-form-submit';
import {
  applyToMetric,
  BLANK_DRAFT,
  criticidadOptions,
  draftProblems,
  entidadOptions,
  fundoOptions,
  gridMetrics,
  gridRows,
  isBlank,
  replacedBy,
  savePlan,
} from './umbral-massive-model';
import type { DraftField, DraftProblems, GridRow, Option, RowDraft } from './umbral-massive-model';

/**
 * The umbral massive sub-tab (issue 13, item 3): one farm and one entity, every metric of their
 * probes in a grid, a band filled once per metric and applied down the column, exceptions edited
 * per row, the effect counted before saving, and one transaction (`/umbral/massive`) for all.
 */
export function UmbralMassiveForm() {
  const { t } = useTranslation();
  const state = useUmbralMassiveForm();
  return (
    <FormListsView
      table="umbral"
      state={state}
      maxW="90rem"
      empty={{
        when: (data) => fundoOptions(data.fundos).length === 0,
        title: t('parameterForms.umbralMassive.noFundosTitle'),
        description: t('parameterForms.umbralMassive.noFundos'),
      }}
    >
      {(data) => <MassiveThresholds data={data} />}
    </FormListsView>
  );
}

type Criticidad = Option & { grado: number };

function MassiveThresholds({ data }: { data: UmbralMassiveFormData }) {
  const { t } = useTranslation();
  const [fundoid, setFundoid] = useState<number | null>(null);
  const [entidadid, setEntidadid] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<Record<string, RowDraft>>({});
  const scope = useUmbralMassiveScope(fundoid);
  const filled = Object.values(drafts).some((draft) => !isBlank(draft));
  useReportUnsavedChanges(filled);

  const fundos = useMemo(() => fundoOptions(data.fundos), [data]);
  const criticidades = useMemo(() => criticidadOptions(data.criticidades), [data]);
  const entidades = useMemo(() => (scope.data ? entidadOptions(scope.data, data.tipos, data.entidades) : []), [scope.data, data]);
  const chooseFundo = (value: number | null) => {
    setFundoid(value);
    setEntidadid(null);
    setDrafts({});
  };
  const chooseEntidad = (value: number | null) => {
    setEntidadid(value);
    setDrafts({});
  };

  const title = t('parameterForms.umbralMassive.title');
  return (
    <Stack gap="4">
      <FormHeading title={title} intro={t('parameterForms.umbralMassive.intro')} introMaxW="64rem" />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="48rem">
        <SearchableSelect
          label={t('parameterForms.umbralMassive.fundo')}
          options={fundos}
          value={fundoid}
          onChange={chooseFundo}
          placeholder={t('parameterForms.umbralMassive.fundoPlaceholder')}
          // Fixed while rows hold work: VACIAR frees them, so nothing typed is lost by a slip.
          disabled={filled}
          clearable={false}
          required
        />
        <SearchableSelect
          label={t('parameterForms.umbralMassive.entidad')}
          options={entidades}
          value={entidadid}
          onChange={chooseEntidad}
          placeholder={t(fundoid === null ? 'parameterForms.umbralMassive.chooseFundoFirst' : 'parameterForms.umbralMassive.entidadPlaceholder')}
          disabled={filled || entidades.length === 0}
          loading={fundoid !== null && scope.data === undefined && !scope.error}
          clearable={false}
          required
        />
      </SimpleGrid>
      {filled ? (
        <HStack gap="3">
          <Text fontSize="xs" color="fg.muted">
            {t('parameterForms.umbralMassive.scopeLocked')}
          </Text>
          <Button size="xs" variant="outline" onClick={() => setDrafts({})} aria-label={t('parameterForms.umbralMassive.clearLabel')}>
            {t('parameterForms.umbralMassive.clear')}
          </Button>
        </HStack>
      ) : null}
      {fundoid === null ? null : (
        <QueryState
          query={scope}
          loadingLabel={t('parameterForms.umbralMassive.loadingScope')}
          errorMessage={t('parameterForms.umbralMassive.scopeError')}
          empty={{
            when: (answer) => entidadOptions(answer, data.tipos, data.entidades).length === 0,
            title: t('parameterForms.umbralMassive.noProbesTitle'),
            description: t('parameterForms.umbralMassive.noProbes'),
          }}
        >
          {(answer) =>
            entidadid === null ? (
              <Text color="fg.muted">{t('parameterForms.umbralMassive.chooseEntidad')}</Text>
            ) : (
              <ThresholdGrid
                key={`${fundoid}/${entidadid}`}
                scope={answer}
                data={data}
                entidadid={entidadid}
                fundo={fundos.find((option) => option.value === fundoid)?.label ?? ''}
                entidad={entidades.find((option) => option.value === entidadid)?.label ?? ''}
                criticidades={criticidades}
                drafts={drafts}
                onDraftsChange={setDrafts}
              />
            )
          }
        </QueryState>
      )}
    </Stack>
  );
}

interface ThresholdGridProps {
  scope: UmbralScopeResponse;
  data: UmbralMassiveFormData;
  entidadid: number;
  fundo: string;
  entidad: string;
  criticidades: Criticidad[];
  drafts: Record<string, RowDraft>;
  onDraftsChange: (update: (drafts: Record<string, RowDraft>) => Record<string, RowDraft>) => void;
}

const COLUMN_OF = { minimo: 'minimo', maximo: 'maximo', criticidadid: 'criticidad' } as const;

const problemText = (t: Translate, problem: DraftProblems[DraftField]) => (problem ? t(`parameterForms.umbralMassive.problems.${problem}`) : null);

function ThresholdGrid({ scope, data, entidadid, fundo, entidad, criticidades, drafts, onDraftsChange }: ThresholdGridProps) {
  const { t, i18n } = useTranslation();
  const save = useSaveMassiveThresholdsMutation();
  const rows = useMemo(() => gridRows(scope, data.tipos, entidadid), [scope, data, entidadid]);
  const metrics = useMemo(() => gridMetrics(rows), [rows]);
  const plan = useMemo(() => savePlan(rows, drafts), [rows, drafts]);
  const [checked, setChecked] = useState(false);
  // What keeps the grid from being sent; the server's refusal comes from `submit`.
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useFormSubmit(save, {
    table: t('tables.umbral'),
    fieldLabel: (name) => name,
    explainFailure: (error) => (isApiError(error) && error.code === 'FOREIGN_KEY' ? t('parameterForms.umbralMassive.placeMissing') : null),
  });
  const busy = submit.busy;
  const number = useMemo(() => ({ format: (value: number) => formatNumber(value, i18n.language) ?? '' }), [i18n.language]);

  const changeRow = useCallback(
    (key: string, field: DraftField, value: RowDraft[DraftField]) =>
      onDraftsChange((current) => ({ ...current, [key]: { ...(current[key] ?? BLANK_DRAFT), [field]: value } })),
    [onDraftsChange],
  );

  const saveGrid = async () => {
    setChecked(true);
    submit.clearFailure();
    setProblem(plan.invalid > 0 ? t('parameterForms.umbralMassive.fixRows') : plan.rows.length === 0 ? t('parameterForms.umbralMassive.nothingToSave') : null);
    if (plan.invalid > 0 || plan.rows.length === 0) return;
    await submit.save({ rows: plan.rows }, {
      toast: (result) => ({
        title: t('parameterForms.umbralMassive.savedTitle'),
        message: [
          t('parameterForms.umbralMassive.created', { count: result.created }),
          ...(result.replaced > 0 ? [t('parameterForms.umbralMassive.replaced', { count: result.replaced })] : []),
        ].join(' '),
      }),
      onSaved: () => {
        setChecked(false);
        onDraftsChange(() => ({}));
      },
    });
  };

  const gridLabel = t('parameterForms.umbralMassive.gridLabel', { entidad, fundo });
  return (
    <ParametersForm label={t('parameterForms.umbralMassive.title')} onSubmit={saveGrid}>
      <ApplyToColumn
        metrics={metrics}
        criticidades={criticidades}
        disabled={busy}
        onApply={(metricaid, draft) => onDraftsChange((current) => applyToMetric(rows, current, metricaid, draft))}
      />
      <Stack gap="1">
        <Heading as="h3" size="sm">
          {gridLabel}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          {t('parameterForms.umbralMassive.rowCount', { count: rows.length })}
        </Text>
      </Stack>
      <Box overflowX="auto" borderWidth="1px" borderColor="border" borderRadius="md" maxH="32rem" overflowY="auto">
        <Table.Root size="sm" aria-label={gridLabel} stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('parameterForms.umbralMassive.columns.place')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.umbralMassive.columns.probe')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.umbralMassive.columns.current')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.umbralMassive.columns.minimo')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.umbralMassive.columns.maximo')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.umbralMassive.columns.criticidad')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.umbralMassive.columns.effect')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <GridRowView
                key={row.key}
                row={row}
                draft={drafts[row.key]}
                criticidades={criticidades}
                showProblems={checked}
                disabled={busy}
                number={number}
                onChange={changeRow}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <SavePreview created={plan.created} replaced={plan.replaced} invalid={plan.invalid} />
      <FormFooter failure={problem ?? submit.failureMessage} busy={busy} submitLabel={t('parameterForms.umbralMassive.save')} busyLabel={t('parameterForms.umbralMassive.saving')} />
    </ParametersForm>
  );
}

interface GridRowViewProps {
  row: GridRow;
  draft: RowDraft | undefined;
  criticidades: Criticidad[];
  showProblems: boolean;
  disabled: boolean;
  /** Limits in the language's format (formatNumber). */
  number: { format: (value: number) => string };
  onChange: (key: string, field: DraftField, value: RowDraft[DraftField]) => void;
}

/** One row of the grid; memoised, as a farm's grid holds hundreds of rows and a keystroke changes one. */
const GridRowView = memo(function GridRowView({ row, draft, criticidades, showProblems, disabled, number, onChange }: GridRowViewProps) {
  const { t } = useTranslation();
  const value = draft ?? BLANK_DRAFT;
  const problems = draftProblems(draft);
  // A band upside down is said at once; what is missing, once a save was tried.
  const shown = (field: DraftField) => {
    const problem = problems[field];
    return problem === 'invalidBand' || showProblems ? problemText(t, problem) : null;
  };
  const cellLabel = (field: DraftField) =>
    t('parameterForms.umbralMassive.cellLabel', { field: t(`parameterForms.umbralMassive.columns.${COLUMN_OF[field]}`), metrica: row.metrica, nodo: row.nodo, tipo: row.tipo });
  const limit = (field: 'minimo' | 'maximo') => {
    const error = shown(field);
    return (
      <FormField label={cellLabel(field)} hideLabel error={error} minW="8.5rem">
        <Group attached w="full">
          <Input size="xs" inputMode="decimal" value={value[field]} disabled={disabled} onChange={(event) => onChange(row.key, field, event.currentTarget.value)} />
          {row.unidad ? <InputAddon size="xs">{row.unidad}</InputAddon> : null}
        </Group>
      </FormField>
    );
  };
  const replaced = isBlank(draft) ? undefined : replacedBy(row, value.criticidadid);
  const invalid = Object.keys(problems).length > 0;
  return (
    <Table.Row verticalAlign="top" data-invalid={invalid && showProblems ? '' : undefined}>
      <Table.Cell>
        <Text fontWeight="medium" whiteSpace="nowrap">{row.nodo}</Text>
        <Text fontSize="xs" color="fg.muted">{row.ubicacion}</Text>
      </Table.Cell>
      <Table.Cell>
        <Text fontWeight="medium" whiteSpace="nowrap">
          {row.metrica}
          {row.unidad ? ` (${row.unidad})` : ''}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {row.tipo}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {row.current.length === 0 ? (
          <Text as="span" color="fg.muted" fontSize="xs">
            {t('parameterForms.umbralMassive.none')}
          </Text>
        ) : (
          <Wrap gap="1">
            {row.current.map((umbral) => (
              <Badge key={umbral.umbralid} colorPalette={gradoPalette(umbral.grado)} variant="subtle" whiteSpace="nowrap">
                {umbral.criticidad}: {number.format(umbral.minimo)} – {number.format(umbral.maximo)}
              </Badge>
            ))}
          </Wrap>
        )}
      </Table.Cell>
      <Table.Cell>{limit('minimo')}</Table.Cell>
      <Table.Cell>{limit('maximo')}</Table.Cell>
      <Table.Cell>
        <FormField label={cellLabel('criticidadid')} hideLabel error={shown('criticidadid')} minW="8rem">
          <CriticidadSelect
            criticidades={criticidades}
            value={value.criticidadid}
            disabled={disabled}
            onChange={(criticidadid) => onChange(row.key, 'criticidadid', criticidadid)}
          />
        </FormField>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" fontSize="xs">
        {isBlank(draft) ? (
          <Text as="span" color="fg.muted">
            {t('parameterForms.umbralMassive.effect.unchanged')}
          </Text>
        ) : invalid ? (
          <Badge colorPalette="red" variant="outline">
            {t('parameterForms.umbralMassive.effect.invalid')}
          </Badge>
        ) : replaced ? (
          <Badge colorPalette="orange" variant="outline">
            {t('parameterForms.umbralMassive.effect.replaced', { minimo: number.format(replaced.minimo), maximo: number.format(replaced.maximo) })}
          </Badge>
        ) : (
          <Badge colorPalette="green" variant="outline">
            {t('parameterForms.umbralMassive.effect.created')}
          </Badge>
        )}
      </Table.Cell>
    </Table.Row>
  );
});

function CriticidadSelect({
  criticidades,
  value,
  disabled,
  onChange,
}: {
  criticidades: Criticidad[];
  value: number | null;
  disabled: boolean;
  onChange: (criticidadid: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="xs" disabled={disabled}>
      <NativeSelect.Field value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}>
        <option value="">{t('parameterForms.umbralMassive.criticidadPlaceholder')}</option>
        {criticidades.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} · {t('thresholds.grado', { grado: option.grado })}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

interface ApplyToColumnProps {
  metrics: ReturnType<typeof gridMetrics>;
  criticidades: Criticidad[];
  disabled: boolean;
  onApply: (metricaid: number, draft: RowDraft) => void;
}

/** One band and level for every row of a metric: the grid's "apply down the column". */
function ApplyToColumn({ metrics, criticidades, disabled, onApply }: ApplyToColumnProps) {
  const { t } = useTranslation();
  const [metricaid, setMetricaid] = useState<number | null>(metrics[0]?.value ?? null);
  const [template, setTemplate] = useState<RowDraft>(BLANK_DRAFT);
  const [tried, setTried] = useState(false);
  const metric = metrics.find((option) => option.value === metricaid);
  // Every field is needed to fill a column: a blank template is a problem here, not "leave as is".
  const problems: DraftProblems = isBlank(template) ? { minimo: 'required', maximo: 'required', criticidadid: 'required' } : draftProblems(template);
  const shown = (field: DraftField) => (tried || problems[field] === 'invalidBand' ? problemText(t, problems[field]) : null);
  const set = (field: DraftField, value: RowDraft[DraftField]) => setTemplate((current) => ({ ...current, [field]: value }));
  const apply = () => {
    setTried(true);
    if (metricaid === null || Object.keys(problems).length > 0) return;
    onApply(metricaid, template);
    setTried(false);
  };
  const limit = (field: 'minimo' | 'maximo') => (
    <FormField label={t(`parameterForms.umbralMassive.columns.${field}`)} error={shown(field)} flex="1" minW="9rem">
      <Group attached w="full">
        <Input
          size="sm"
          inputMode="decimal"
          value={template[field]}
          disabled={disabled}
          onChange={(event) => set(field, event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter here fills the column; it must not submit the whole grid.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        {metric?.unidad ? <InputAddon size="sm">{metric.unidad}</InputAddon> : null}
      </Group>
    </FormField>
  );
  const title = t('parameterForms.umbralMassive.apply.title');
  return (
    <Stack as="fieldset" gap="3" p="3" borderWidth="1px" borderColor="border" borderRadius="md" bg="bg.subtle">
      <Text as="legend" fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {t('parameterForms.umbralMassive.apply.hint')}
      </Text>
      <Flex gap="3" wrap="wrap" align="flex-start">
        <FormField label={t('parameterForms.umbralMassive.apply.metric')} minW="12rem" flex="1">
          <NativeSelect.Root size="sm" disabled={disabled}>
            <NativeSelect.Field value={metricaid ?? ''} onChange={(event) => setMetricaid(Number(event.currentTarget.value))}>
              {metrics.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                  {option.unidad ? ` (${option.unidad})` : ''}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {limit('minimo')}
        {limit('maximo')}
        <FormField label={t('parameterForms.umbralMassive.columns.criticidad')} error={shown('criticidadid')} minW="11rem" flex="1">
          <CriticidadSelect criticidades={criticidades} value={template.criticidadid} disabled={disabled} onChange={(value) => set('criticidadid', value)} />
        </FormField>
        <Button alignSelf="flex-end" size="sm" variant="outline" colorPalette="orange" onClick={apply} disabled={disabled || metric === undefined}>
          {t('parameterForms.umbralMassive.apply.submit', { count: metric?.rows ?? 0 })}
        </Button>
      </Flex>
    </Stack>
  );
}

/** What a save would do, counted as the grid is filled. */
function SavePreview({ created, replaced, invalid }: { created: number; replaced: number; invalid: number }) {
  const { t } = useTranslation();
  const nothing = created + replaced + invalid === 0;
  return (
    <Box role="status" aria-live="polite" p="3" borderWidth="1px" borderColor="border" borderRadius="md">
      <Text fontWeight="semibold" fontSize="sm" mb="1">
        {t('parameterForms.umbralMassive.preview.title')}
      </Text>
      {nothing ? (
        <Text fontSize="sm" color="fg.muted">
          {t('parameterForms.umbralMassive.preview.nothing')}
        </Text>
      ) : (
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="green" size="lg">
            {t('parameterForms.umbralMassive.preview.created', { count: created })}
          </Badge>
          <Badge colorPalette="orange" size="lg">
            {t('parameterForms.umbralMassive.preview.replaced', { count: replaced })}
          </Badge>
          {invalid > 0 ? (
            <Badge colorPalette="red" size="lg">
              {t('parameterForms.umbralMassive.preview.invalid', { count: invalid })}
            </Badge>
          ) : null}
        </HStack>
      )}
    </Box>
  );
}
