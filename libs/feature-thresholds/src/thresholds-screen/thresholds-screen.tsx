import { Alert, Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { operateRefusal, useAccess, useCriticidades, useGlobalFilters, useSessionRole, useThresholdChanges, useThresholdScope } from '@camposense/data-access';
import type { SignedInAccess } from '@camposense/data-access';
import { TUNE_THRESHOLDS_LEVEL } from '@camposense/domain';
import type { UmbralScopeLocation } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import type { Translate } from '@camposense/i18n';
import { ErrorBox, QueryState, SearchableSelect, useUnsavedChanges } from '@camposense/ui';
import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { AuditList } from '../threshold-panel/audit-list';
import { ThresholdPanel } from '../threshold-panel/threshold-panel';
import { ThresholdList } from './threshold-list';
import { groupRows, NO_PICKS, pickerOptions } from './threshold-scope';
import type { ScopePicks, ScopeRow } from './threshold-scope';

/** The four pickers that narrow the list, in their order on screen. */
const PICKERS = [
  { pick: 'ubicacionId', options: 'ubicaciones', label: 'thresholds.pickers.ubicacion' },
  { pick: 'nodoId', options: 'nodos', label: 'thresholds.pickers.nodo' },
  { pick: 'tipoId', options: 'tipos', label: 'thresholds.pickers.tipo' },
  { pick: 'metricaId', options: 'metricas', label: 'thresholds.pickers.metrica' },
] as const satisfies readonly { pick: keyof ScopePicks; options: keyof ReturnType<typeof pickerOptions>; label: string }[];

interface Selection {
  row: ScopeRow;
  /** Bumped on every opening, so reopening the same row starts from its saved values. */
  version: number;
}

/**
 * The thresholds tab (labelled configuration): every alarm limit in the scope of the global
 * filters, narrowed by location, node, probe type and metric, grouped by location → node, with a
 * side panel to tune a band and see its effect before saving. A location's thresholds are tuned
 * with the level operacion on its company (issue 32), and shown read only otherwise, with why; on
 * a screen shown without the signed-in user's grants (alone, in a story) the role decides.
 */
export function ThresholdsScreen() {
  const { t } = useTranslation();
  const { paisId, empresaId, fundoId } = useGlobalFilters();
  const filters = useMemo(() => ({ paisId, empresaId, fundoId }), [paisId, empresaId, fundoId]);
  const scope = useThresholdScope(filters);
  const changes = useThresholdChanges(filters);
  const criticidades = useCriticidades();
  const { isReadOnly, note: readOnlyNote } = useThresholdAccess(scope.data?.ubicaciones ?? null);
  const readOnlyIn = useCallback((location: UmbralScopeLocation) => isReadOnly(location.ubicacionid), [isReadOnly]);
  const { confirmLeave } = useUnsavedChanges();
  const [picks, setPicks] = useState<ScopePicks>(NO_PICKS);
  const [selection, setSelection] = useState<Selection | null>(null);

  const options = useMemo(() => (scope.data ? pickerOptions(scope.data) : null), [scope.data]);
  const groups = useMemo(() => (scope.data ? groupRows(scope.data, picks) : []), [scope.data, picks]);
  // The open row, refreshed from the newest listing (after a save its values are the saved ones).
  const selectedRow = useMemo(() => {
    if (!selection) return null;
    const fresh = groups.flatMap((group) => group.nodes.flatMap((node) => node.rows)).find((row) => row.key === selection.row.key);
    return fresh ?? selection.row;
  }, [groups, selection]);

  const open = async (row: ScopeRow) => {
    if (selection && row.key === selection.row.key) return;
    const target = row.umbral?.umbral ?? t('thresholds.create');
    if (await confirmLeave('subtab', target)) setSelection((current) => ({ row, version: (current?.version ?? 0) + 1 }));
  };
  const close = async () => {
    if (await confirmLeave('subtab', t('thresholds.tableLabel'))) setSelection(null);
  };
  const pick = (key: keyof ScopePicks) => (value: number | null) => setPicks((current) => ({ ...current, [key]: value }));

  const body = (
    <QueryState
      query={{ data: scope.data && options ? { scope: scope.data, options } : undefined, error: scope.error, isValidating: scope.isValidating, mutate: scope.mutate }}
      loadingLabel={t('thresholds.loading')}
      errorMessage={t('thresholds.loadError')}
      empty={{
        when: (loaded) => loaded.scope.ubicaciones.length === 0,
        title: t('thresholds.emptyTitle'),
        description: t('thresholds.emptyDescription'),
        icon: <SlidersHorizontal />,
      }}
    >
      {({ scope: listing, options: lists }) => (
        <Stack gap="3">
          <HStack gap="3" wrap="wrap" align="end">
            {PICKERS.map(({ pick: key, options: list, label }) => (
              <Box key={key} minW="12rem" flex="1">
                <SearchableSelect label={t(label)} options={lists[list]} value={picks[key]} onChange={pick(key)} placeholder={t('thresholds.pickers.all')} />
              </Box>
            ))}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t('thresholds.totals', { count: listing.totals.umbrales, sinUmbral: listing.totals.sinUmbral })}
          </Text>
          <Flex gap="4" align="start">
            <Box flex="3" minW="0" maxH="70vh" overflow="auto" borderWidth="1px" borderColor="border" borderRadius="lg">
              <ThresholdList
                groups={groups}
                readOnlyIn={readOnlyIn}
                selectedKey={selectedRow?.key ?? null}
                onOpen={(row) => void open(row)}
                compact={selectedRow !== null}
              />
            </Box>
            {selectedRow ? (
              <Box flex="2" minW="22rem" maxW="30rem">
                <ThresholdPanel
                  key={`${selectedRow.key}-${selection!.version}`}
                  mode={isReadOnly(selectedRow.place.ubicacionid) ? 'view' : selectedRow.umbral ? 'edit' : 'create'}
                  place={selectedRow.place}
                  umbral={selectedRow.umbral ?? undefined}
                  onClose={() => void close()}
                  onSaved={(umbralid) => {
                    // A created threshold becomes the row it now is.
                    if (!selectedRow.umbral) {
                      setSelection((current) =>
                        current ? { ...current, row: { ...current.row, key: `${current.row.key.replace(/-none$/, '')}-${umbralid}` } } : current,
                      );
                    }
                  }}
                />
              </Box>
            ) : null}
          </Flex>
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Stack gap="4" p="6" h="full" overflowY="auto">
      <Stack gap="1">
        <Heading as="h2" size="lg" color="section.thresholds">
          {t('thresholds.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('thresholds.subtitle')}
        </Text>
      </Stack>
      {readOnlyNote ? (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Title>{readOnlyNote}</Alert.Title>
        </Alert.Root>
      ) : null}
      {body}
      {scope.data && scope.data.ubicaciones.length > 0 ? (
        <Stack as="section" gap="2" aria-labelledby="thresholds-recent-changes">
          <Heading as="h3" size="sm" id="thresholds-recent-changes">
            {t('thresholds.changes.title')}
          </Heading>
          {changes.error ? (
            <ErrorBox message={t('thresholds.changes.error')} />
          ) : changes.data && changes.data.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('thresholds.changes.empty')}
            </Text>
          ) : changes.data ? (
            <AuditList entries={changes.data} criticidades={criticidades.data} showLabel label={t('thresholds.changes.title')} />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

interface ThresholdAccess {
  /** Whether the thresholds of a location are only shown (a location not in the scope: shown only). */
  isReadOnly: (ubicacionid: number) => boolean;
  /** Why some or all of the thresholds in scope are shown read only; null when none is, or while the grants load. */
  note: string | null;
}

/**
 * Which locations' thresholds the signed-in user only sees, decided once per listing and grant:
 * those of companies granted below operacion (issue 32). Shown without the user's grants (alone,
 * in a story), the role decides. While the grants load every location is read only and nothing is
 * said: the console never guesses a grant, nor a refusal.
 */
function useThresholdAccess(locations: readonly UmbralScopeLocation[] | null): ThresholdAccess {
  const { t } = useTranslation();
  const rol = useSessionRole();
  const access = useAccess();
  return useMemo(() => {
    const inScope = new Set((locations ?? []).map((location) => location.ubicacionid));
    if (!access) {
      const readOnly = rol !== 'admin';
      return { isReadOnly: (ubicacionid) => readOnly || !inScope.has(ubicacionid), note: rol !== null && rol !== 'admin' ? t('thresholds.readOnly') : null };
    }
    if (access.all) return { isReadOnly: (ubicacionid) => !inScope.has(ubicacionid), note: null };
    if (access.status !== 'ready') return { isReadOnly: () => true, note: null };
    const refusedLocations = new Set<number>();
    const refusedCompanies = new Map<number, string>();
    for (const location of locations ?? []) {
      if (operateRefusal(access, location.empresaid, TUNE_THRESHOLDS_LEVEL)) {
        refusedLocations.add(location.ubicacionid);
        refusedCompanies.set(location.empresaid, location.empresa);
      }
    }
    const isReadOnly = (ubicacionid: number) => !inScope.has(ubicacionid) || refusedLocations.has(ubicacionid);
    return { isReadOnly, note: readOnlyNote(t, access, locations ?? [], refusedCompanies) };
  }, [access, locations, rol, t]);
}

/** The note of useThresholdAccess for a user whose grants are ready. */
function readOnlyNote(t: Translate, access: SignedInAccess, locations: readonly UmbralScopeLocation[], refused: ReadonlyMap<number, string>): string | null {
  if (locations.length === 0) {
    const refusalAnywhere = operateRefusal(access, null, TUNE_THRESHOLDS_LEVEL);
    if (!refusalAnywhere) return null;
    return refusalAnywhere.empresa ? t('thresholds.access.readOnlyIn', { empresa: refusalAnywhere.empresa }) : t('thresholds.access.readOnly');
  }
  if (refused.size === 0) return null;
  const names = [...refused.values()];
  if (refused.size < new Set(locations.map((location) => location.empresaid)).size) {
    return t('thresholds.access.someReadOnly', { empresas: names.join(', ') });
  }
  return names.length === 1 ? t('thresholds.access.readOnlyIn', { empresa: names[0] }) : t('thresholds.access.readOnly');
}
