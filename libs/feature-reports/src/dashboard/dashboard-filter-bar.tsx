import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { isNetworkFailure, useAccess, useDashboardFilters, useDashboardFundos, useDashboardPlaces, useEmpresas, useGlobalFilters } from '@camposense/data-access';
import { useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { DateRangePicker, ErrorBox, Panel, SearchableSelect } from '@camposense/ui';
import type { DateRangeValue, SearchableSelectProps } from '@camposense/ui';
import { RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { effectiveRange, formatDayRange } from './date-range';

/**
 * The dashboard's filter bar: farm, entity, location, the date range and reset. Entities are the
 * ones placed in the farm; locations are the farm's places of the chosen entity.
 */
export function DashboardFilterBar() {
  const { t } = useTranslation();
  const filters = useDashboardFilters();
  const { paisId, empresaId, fundoId: globalFundoId } = useGlobalFilters();
  const fundos = useDashboardFundos(empresaId);
  // With only a country chosen, its companies' farms: the bar offers nothing outside the sidebar's scope.
  const empresas = useEmpresas(empresaId === null ? paisId : null);
  const { entities, locations, retry } = useDashboardPlaces(filters.fundoId, filters.entidadId);
  // Only the granted companies' farms (issue 32), whatever the list answers; an admin's scope is null.
  const grant = useAccess()?.scope ?? null;

  const fundoOptions = useMemo(() => {
    const companies = empresaId === null && paisId !== null ? new Set((empresas.data ?? []).map((row) => row.empresaid)) : null;
    return (fundos.data ?? [])
      .filter(
        (row) =>
          (globalFundoId === null || row.fundoid === globalFundoId) &&
          (!companies || companies.has(row.empresaid)) &&
          (!grant || grant.empresaIds.has(row.empresaid)),
      )
      .map((row) => ({ value: row.fundoid, label: row.fundo }));
  }, [fundos.data, empresas.data, paisId, empresaId, globalFundoId, grant]);
  const entityOptions = useMemo(() => entities.options.map((row) => ({ value: row.entidadid, label: row.entidad })), [entities.options]);
  const locationOptions = useMemo(
    () => locations.options.map((row) => ({ value: row.ubicacionid, label: row.ubicacion })),
    [locations.options],
  );

  const noFarm = filters.fundoId === null;
  const chooseFarmFirst = noFarm ? t('dashboard.chooseFarmFirst') : null;
  const entity = dependentSelect(chooseFarmFirst, entities.isLoading, entityOptions.length, {
    loading: t('dashboard.loadingEntities'),
    none: t('dashboard.noEntities'),
    choose: t('dashboard.chooseEntity'),
  });
  const location = dependentSelect(
    chooseFarmFirst ?? (filters.entidadId === null ? t('dashboard.chooseEntityFirst') : null),
    locations.isLoading,
    locationOptions.length,
    { loading: t('dashboard.loadingLocations'), none: t('dashboard.noLocations'), choose: t('dashboard.chooseLocation') },
  );

  const error = fundos.error ?? entities.error;
  // In the reader's language: a lost connection says so, anything else what failed (never the exception's text).
  const errorMessage = error ? (isNetworkFailure(error) ? t('errors.networkFailure') : t('dashboard.filtersError')) : null;

  return (
    <Stack gap="2" role="group" aria-label={t('dashboard.filters')}>
      {/* Each select is wide enough for its longest prompt ("SELECCIONA UN FUNDO PRIMERO" in the input's
          font and padding, 19.75rem): narrower, the date range wraps to its own row rather than clip it. */}
      <Panel asChild>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <BarSelect
            label={t('dashboard.farm')}
            options={fundoOptions}
            value={filters.fundoId}
            onChange={filters.setFundo}
            placeholder={t('dashboard.chooseFarm')}
            loading={fundos.isLoading}
          />
          <BarSelect label={t('dashboard.entity')} options={entityOptions} value={filters.entidadId} onChange={filters.setEntidad} {...entity} />
          <BarSelect label={t('dashboard.location')} options={locationOptions} value={filters.ubicacionId} onChange={filters.setUbicacion} {...location} />
          <DateRangeFields />
          <Button variant="outline" size="sm" onClick={filters.reset} aria-label={t('dashboard.resetLabel')}>
            <RotateCcw aria-hidden />
            {t('dashboard.reset')}
          </Button>
        </Flex>
      </Panel>
      {errorMessage ? (
        <HStack>
          <ErrorBox message={errorMessage} flex="1" />
          <Button size="sm" variant="outline" onClick={retry}>
            {t('common.retry')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

/**
 * The prompt and state of a select that waits for the ones before it: `blockedBy` says which
 * must be chosen first (null once they are); then loading, none to offer, or the invitation.
 */
function dependentSelect(blockedBy: string | null, loading: boolean, count: number, messages: { loading: string; none: string; choose: string }) {
  return {
    placeholder: blockedBy ?? (loading ? messages.loading : count === 0 ? messages.none : messages.choose),
    disabled: blockedBy !== null || loading || count === 0,
    loading: blockedBy === null && loading,
  };
}

/** One select of the bar, as wide as its longest prompt so none is clipped. */
function BarSelect(props: SearchableSelectProps) {
  return (
    <Box flex="1 1 20.5rem" minW="min(20.5rem, 100%)">
      <SearchableSelect {...props} />
    </Box>
  );
}

/**
 * FECHA INICIAL / FECHA FINAL in the console's date-range picker (typed in the language's order, quick
 * ranges), committed with APLICAR; the label shows the applied range as dd/mm - dd/mm.
 */
function DateRangeFields() {
  const { t } = useTranslation();
  const filters = useDashboardFilters();
  const { timeZone } = useDisplayTimeZone();
  const range = effectiveRange(filters, timeZone);
  const [draft, setDraft] = useState<DateRangeValue>({ desde: range.startDay, hasta: range.endDay });
  // A reset or a range chosen elsewhere shows in the fields.
  useEffect(() => {
    setDraft({ desde: range.startDay, hasta: range.endDay });
  }, [range.startDay, range.endDay]);
  const { desde, hasta } = draft;
  const invalid = desde === null || hasta === null || desde > hasta;

  return (
    <HStack gap="2" align="flex-end" flex="2 1 22rem" minW="min(22rem, 100%)" wrap="wrap">
      <Box flex="1 1 16rem">
        <DateRangePicker
          value={draft}
          onChange={setDraft}
          invalid={invalid}
          label={
            <>
              {t('dashboard.dateRange')}:{' '}
              <Text as="span" color="fg">
                {formatDayRange(range)}
              </Text>
            </>
          }
          fromLabel={t('dashboard.startDate')}
          toLabel={t('dashboard.endDate')}
        />
      </Box>
      <Button
        size="sm"
        colorPalette="brand"
        disabled={invalid}
        title={invalid ? t('dashboard.invalidRange') : undefined}
        onClick={() => desde !== null && hasta !== null && filters.setDateRange(desde, hasta)}
      >
        {t('dashboard.apply')}
      </Button>
    </HStack>
  );
}
