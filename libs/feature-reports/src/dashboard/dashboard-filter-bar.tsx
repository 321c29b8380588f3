import { Box, Button, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useDashboardFilters, useDashboardFundos, useDashboardPlaces, useEmpresas, useGlobalFilters } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { ErrorBox, SearchableSelect } from '@camposense/ui';
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

  const fundoOptions = useMemo(() => {
    const companies = empresaId === null && paisId !== null ? new Set((empresas.data ?? []).map((row) => row.empresaid)) : null;
    return (fundos.data ?? [])
      .filter((row) => (globalFundoId === null || row.fundoid === globalFundoId) && (!companies || companies.has(row.empresaid)))
      .map((row) => ({ value: row.fundoid, label: row.fundo }));
  }, [fundos.data, empresas.data, paisId, empresaId, globalFundoId]);
  const entityOptions = useMemo(() => entities.options.map((row) => ({ value: row.entidadid, label: row.entidad })), [entities.options]);
  const locationOptions = useMemo(
    () => locations.options.map((row) => ({ value: row.ubicacionid, label: row.ubicacion })),
    [locations.options],
  );

  const noFarm = filters.fundoId === null;
  const entityMessage = noFarm
    ? t('dashboard.chooseFarmFirst')
    : entities.isLoading
      ? t('dashboard.loadingEntities')
      : entityOptions.length === 0
        ? t('dashboard.noEntities')
        : t('dashboard.chooseEntity');
  const locationMessage = noFarm
    ? t('dashboard.chooseFarmFirst')
    : filters.entidadId === null
      ? t('dashboard.chooseEntityFirst')
      : locations.isLoading
        ? t('dashboard.loadingLocations')
        : locationOptions.length === 0
          ? t('dashboard.noLocations')
          : t('dashboard.chooseLocation');

  const error = fundos.error ?? entities.error;
  const errorMessage = error
    ? error instanceof Error && error.message
      ? t('dashboard.filtersErrorWith', { message: error.message })
      : t('dashboard.filtersError')
    : null;

  return (
    <Stack gap="2" role="group" aria-label={t('dashboard.filters')}>
      <Flex gap="3" wrap="wrap" align="flex-end" p="3" borderWidth="1px" borderRadius="lg" bg="surface.card">
        <Box flex="1 1 18rem" minW="min(18rem, 100%)">
          <SearchableSelect
            label={t('dashboard.farm')}
            options={fundoOptions}
            value={filters.fundoId}
            onChange={filters.setFundo}
            placeholder={t('dashboard.chooseFarm')}
            loading={fundos.isLoading}
          />
        </Box>
        <Box flex="1 1 18rem" minW="min(18rem, 100%)">
          <SearchableSelect
            label={t('dashboard.entity')}
            options={entityOptions}
            value={filters.entidadId}
            onChange={filters.setEntidad}
            placeholder={entityMessage}
            disabled={noFarm || entities.isLoading || entityOptions.length === 0}
            loading={!noFarm && entities.isLoading}
          />
        </Box>
        <Box flex="1 1 18rem" minW="min(18rem, 100%)">
          <SearchableSelect
            label={t('dashboard.location')}
            options={locationOptions}
            value={filters.ubicacionId}
            onChange={filters.setUbicacion}
            placeholder={locationMessage}
            disabled={noFarm || filters.entidadId === null || locations.isLoading || locationOptions.length === 0}
            loading={filters.entidadId !== null && locations.isLoading}
          />
        </Box>
        <DateRangeFields />
        <Button variant="outline" size="sm" onClick={filters.reset} aria-label={t('dashboard.resetLabel')}>
          <RotateCcw aria-hidden />
          {t('dashboard.reset')}
        </Button>
      </Flex>
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

/** FECHA INICIAL / FECHA FINAL, committed with APLICAR; the bar shows the range as dd/mm - dd/mm. */
function DateRangeFields() {
  const { t } = useTranslation();
  const filters = useDashboardFilters();
  const range = effectiveRange(filters);
  const [start, setStart] = useState(range.startDay);
  const [end, setEnd] = useState(range.endDay);
  // A reset or a range chosen elsewhere shows in the fields.
  useEffect(() => {
    setStart(range.startDay);
    setEnd(range.endDay);
  }, [range.startDay, range.endDay]);
  const invalid = start === '' || end === '' || start > end;

  return (
    <Stack gap="1" flex="2 1 22rem">
      <Text fontSize="xs" fontWeight="semibold" letterSpacing="wider" color="fg.muted">
        {t('dashboard.dateRange')}:{' '}
        <Text as="span" color="fg">
          {formatDayRange(range)}
        </Text>
      </Text>
      <HStack gap="2" align="flex-end">
        <Field.Root flex="1" invalid={invalid}>
          <Field.Label fontSize="2xs" color="fg.muted">
            {t('dashboard.startDate')}
          </Field.Label>
          <Input size="sm" type="date" value={start} max={end || undefined} onChange={(event) => setStart(event.target.value)} />
        </Field.Root>
        <Field.Root flex="1" invalid={invalid}>
          <Field.Label fontSize="2xs" color="fg.muted">
            {t('dashboard.endDate')}
          </Field.Label>
          <Input size="sm" type="date" value={end} min={start || undefined} onChange={(event) => setEnd(event.target.value)} />
        </Field.Root>
        <Button
          size="sm"
          colorPalette="brand"
          disabled={invalid}
          title={invalid ? t('dashboard.invalidRange') : undefined}
          onClick={() => filters.setDateRange(start, end)}
        >
          {t('dashboard.apply')}
        </Button>
      </HStack>
    </Stack>
  );
}
