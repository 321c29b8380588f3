import { Text } from '@chakra-ui/react';
import { useAccess, useEmpresas, useFundos, useGlobalFilters, usePaises } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { SearchableSelect } from '@camposense/ui';
import { useMemo } from 'react';

/**
 * Pais, Empresa and Fundo, cascading: a list opens only once its parent is chosen, and choosing
 * a parent clears its children. Start-up load failures are only logged (spec section 8). A user
 * who is not an admin is offered only the countries and companies granted (issue 32), whatever a
 * list answers, and is told so.
 */
export function GlobalFiltersPanel() {
  const { t } = useTranslation();
  const { paisId, empresaId, fundoId, setPais, setEmpresa, setFundo, singleFarm } = useGlobalFilters();
  const access = useAccess();
  const scope = access?.scope ?? null;
  const accessLoading = access?.status === 'loading';
  const paises = usePaises();
  const empresas = useEmpresas(paisId);
  const fundos = useFundos(empresaId);

  for (const [name, result] of [['paises', paises], ['empresas', empresas], ['fundos', fundos]] as const) {
    if (result.error) console.warn(`No se pudieron cargar ${name}:`, result.error);
  }

  const paisOptions = useMemo(
    () => (paises.data ?? []).filter((row) => !scope || scope.paisIds.has(row.paisid)).map((row) => ({ value: row.paisid, label: row.pais })),
    [paises.data, scope],
  );
  const empresaOptions = useMemo(
    () =>
      (empresas.data ?? [])
        .filter((row) => !scope || scope.empresaIds.has(row.empresaid))
        .map((row) => ({ value: row.empresaid, label: row.empresa })),
    [empresas.data, scope],
  );
  const fundoOptions = useMemo(() => (fundos.data ?? []).map((row) => ({ value: row.fundoid, label: row.fundo })), [fundos.data]);

  let note: string | null = null;
  if (singleFarm) note = t('access.singleFarm');
  else if (scope && scope.empresaIds.size > 0) note = t('access.grantedOnly');

  return (
    <>
      <SearchableSelect
        inline
        label={t('filters.pais')}
        options={paisOptions}
        value={paisId}
        onChange={setPais}
        loading={paises.isLoading || accessLoading}
      />
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
      {note && (
        <Text fontSize="xs" color="fg.muted">
          {note}
        </Text>
      )}
    </>
  );
}
