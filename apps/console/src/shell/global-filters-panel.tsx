import { useEmpresas, useFundos, useGlobalFilters, usePaises } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { SearchableSelect } from '@camposense/ui';
import { useMemo } from 'react';

/**
 * Pais, Empresa and Fundo, cascading: a list opens only once its parent is chosen, and choosing
 * a parent clears its children. Start-up load failures are only logged (spec section 8).
 */
export function GlobalFiltersPanel() {
  const { t } = useTranslation();
  const { paisId, empresaId, fundoId, setPais, setEmpresa, setFundo } = useGlobalFilters();
  const paises = usePaises();
  const empresas = useEmpresas(paisId);
  const fundos = useFundos(empresaId);

  for (const [name, result] of [['paises', paises], ['empresas', empresas], ['fundos', fundos]] as const) {
    if (result.error) console.warn(`No se pudieron cargar ${name}:`, result.error);
  }

  const paisOptions = useMemo(() => (paises.data ?? []).map((row) => ({ value: row.paisid, label: row.pais })), [paises.data]);
  const empresaOptions = useMemo(
    () => (empresas.data ?? []).map((row) => ({ value: row.empresaid, label: row.empresa })),
    [empresas.data],
  );
  const fundoOptions = useMemo(() => (fundos.data ?? []).map((row) => ({ value: row.fundoid, label: row.fundo })), [fundos.data]);

  return (
    <>
      <SearchableSelect inline label={t('filters.pais')} options={paisOptions} value={paisId} onChange={setPais} loading={paises.isLoading} />
      <SearchableSelect
        inline
        label={t('filters.empresa')}
        options={empresaOptions}
        value={empresaId}
        onChange={setEmpresa}
        disabled={paisId === null}
        loading={empresas.isLoading}
      />
      <SearchableSelect
        inline
        label={t('filters.fundo')}
        options={fundoOptions}
        value={fundoId}
        onChange={setFundo}
        disabled={empresaId === null}
        loading={fundos.isLoading}
      />
    </>
  );
}
