import { useAlertaFilterOptions, useGlobalFilters } from '@camposense/data-access';
import { ALERTA_STATES } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { DateRangePicker } from '@camposense/ui';
import { FilterSelect, FiltersPanel } from '../shared/filter-select';
import { useAlertFilters } from './alert-filters';

/**
 * Criticality, location, node, state and dates, each "all" by default; locations and nodes follow
 * the global selection, and nodes narrow to the chosen location.
 */
export function AlertFiltersPanel() {
  const { t } = useTranslation();
  const { paisId, empresaId, fundoId } = useGlobalFilters();
  const filters = useAlertFilters();
  const { criticidadId, ubicacionId, nodoId, estado, days } = filters;
  const options = useAlertaFilterOptions({ paisId, empresaId, fundoId });
  const criticidades = options.data?.criticidades ?? [];
  const ubicaciones = options.data?.ubicaciones ?? [];
  const nodos = (options.data?.nodos ?? []).filter((row) => ubicacionId === null || row.ubicacionids.includes(ubicacionId));
  // Locations of several farms share names ("Lote 1"): the farm tells them apart.
  const manyFarms = new Set(ubicaciones.map((row) => row.fundoid)).size > 1;
  const loading = options.isLoading;

  return (
    <FiltersPanel
      title={t('reports.alerts.filters.title')}
      narrowed={filters.narrowed}
      clearLabel={t('reports.alerts.filters.clear')}
      onClear={filters.clear}
      optionsError={options.error}
    >
      <FilterSelect
        label={t('reports.alerts.filters.criticidad')}
        allLabel={t('reports.alerts.filters.allCriticidades')}
        value={criticidadId}
        options={criticidades.map((row) => ({ value: row.criticidadid, label: row.criticidad }))}
        onChange={filters.setCriticidad}
        disabled={loading}
      />
      <FilterSelect
        label={t('reports.alerts.filters.ubicacion')}
        allLabel={t('reports.alerts.filters.allUbicaciones')}
        value={ubicacionId}
        options={ubicaciones.map((row) => ({ value: row.ubicacionid, label: manyFarms ? `${row.fundo} · ${row.ubicacion}` : row.ubicacion }))}
        onChange={filters.setUbicacion}
        disabled={loading}
        maxW="22rem"
      />
      <FilterSelect
        label={t('reports.alerts.filters.nodo')}
        allLabel={t('reports.alerts.filters.allNodos')}
        value={nodoId}
        options={nodos.map((row) => ({ value: row.nodoid, label: row.nodo }))}
        onChange={filters.setNodo}
        disabled={loading}
      />
      <FilterSelect
        label={t('reports.alerts.filters.estado')}
        allLabel={t('reports.alerts.states.all')}
        value={estado}
        options={ALERTA_STATES.map((state) => ({ value: state, label: t(`reports.alerts.states.${state}`) }))}
        onChange={filters.setEstado}
        maxW="12rem"
      />
      <DateRangePicker value={days} onChange={filters.setDays} />
    </FiltersPanel>
  );
}
