import { Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useAlertaFilterOptions, useGlobalFilters } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { useAlertFilters } from './alert-filters';

const ALL = '';

const toId = (value: string) => (value === ALL ? null : Number(value));

/** Criticality and location selects, each with its "all" option; locations follow the global selection. */
export function AlertFiltersPanel() {
  const { t } = useTranslation();
  const { paisId, empresaId, fundoId } = useGlobalFilters();
  const { criticidadId, ubicacionId, setCriticidad, setUbicacion } = useAlertFilters();
  const options = useAlertaFilterOptions({ paisId, empresaId, fundoId });
  const criticidades = options.data?.criticidades ?? [];
  const ubicaciones = options.data?.ubicaciones ?? [];
  // Locations of several farms share names ("Lote 1"): the farm tells them apart.
  const manyFarms = new Set(ubicaciones.map((row) => row.fundoid)).size > 1;

  return (
    <Stack as="section" aria-label={t('reports.alerts.filters.title')} gap="2" p="3" borderWidth="1px" borderColor="border" rounded="md">
      <Text fontSize="xs" fontWeight="bold" letterSpacing="wider" color="fg.muted">
        {t('reports.alerts.filters.title')}
      </Text>
      <HStack gap="4" align="end" wrap="wrap">
        <Field.Root maxW="18rem" disabled={options.isLoading}>
          <Field.Label>{t('reports.alerts.filters.criticidad')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={criticidadId ?? ALL} onChange={(event) => setCriticidad(toId(event.currentTarget.value))}>
              <option value={ALL}>{t('reports.alerts.filters.allCriticidades')}</option>
              {criticidades.map((row) => (
                <option key={row.criticidadid} value={row.criticidadid}>
                  {row.criticidad}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW="22rem" disabled={options.isLoading}>
          <Field.Label>{t('reports.alerts.filters.ubicacion')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={ubicacionId ?? ALL} onChange={(event) => setUbicacion(toId(event.currentTarget.value))}>
              <option value={ALL}>{t('reports.alerts.filters.allUbicaciones')}</option>
              {ubicaciones.map((row) => (
                <option key={row.ubicacionid} value={row.ubicacionid}>
                  {manyFarms ? `${row.fundo} · ${row.ubicacion}` : row.ubicacion}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {options.error ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {options.error instanceof Error && options.error.message
            ? t('errors.filterDataWithMessage', { message: options.error.message })
            : t('errors.filterData')}
        </Text>
      ) : null}
    </Stack>
  );
}
