import { useEffect, useMemo } from 'react';
import { useEmpresas, useFundos, usePaises } from '../places/hierarchy-query';
import { useGlobalFilters, validScope } from './global-filters';

/** The names of the chosen country, company and farm (null where none is chosen or its list is loading). */
export interface GlobalScopeNames {
  pais: string | null;
  empresa: string | null;
  fundo: string | null;
}

/**
 * The global selection's names, for the scope chip; mounted once by the shell, it also drops a
 * stored id that the loaded lists no longer hold (a reload after a farm was deleted), so no screen
 * stays scoped to something that does not exist.
 */
export function useGlobalScope(): GlobalScopeNames & { clear: () => void; scoped: boolean } {
  const filters = useGlobalFilters();
  const { paisId, empresaId, fundoId, setPais, setEmpresa, setFundo, clear } = filters;
  const paises = usePaises();
  const empresas = useEmpresas(paisId);
  const fundos = useFundos(empresaId);

  useEffect(() => {
    const valid = validScope(
      { paisId, empresaId, fundoId },
      {
        paisIds: paises.data?.map((row) => row.paisid),
        empresaIds: empresas.data?.map((row) => row.empresaid),
        fundoIds: fundos.data?.map((row) => row.fundoid),
      },
    );
    if (valid.paisId !== paisId) setPais(null);
    else if (valid.empresaId !== empresaId) setEmpresa(null);
    else if (valid.fundoId !== fundoId) setFundo(null);
  }, [paisId, empresaId, fundoId, paises.data, empresas.data, fundos.data, setPais, setEmpresa, setFundo]);

  return useMemo(
    () => ({
      pais: paises.data?.find((row) => row.paisid === paisId)?.pais ?? null,
      empresa: empresas.data?.find((row) => row.empresaid === empresaId)?.empresa ?? null,
      fundo: fundos.data?.find((row) => row.fundoid === fundoId)?.fundo ?? null,
      scoped: paisId !== null,
      clear,
    }),
    [paises.data, empresas.data, fundos.data, paisId, empresaId, fundoId, clear],
  );
}
