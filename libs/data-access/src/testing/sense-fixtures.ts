import type { EmpresaRow, FundoRow, PaisRow } from '../places/types';

/** A small farm hierarchy shared by stories and component tests. */
export const paisesFixture: PaisRow[] = [
  { paisid: 1, pais: 'Perú', paisabrev: 'PE' },
  { paisid: 2, pais: 'Chile', paisabrev: 'CL' },
];

export const empresasFixture: EmpresaRow[] = [
  { empresaid: 1, empresa: 'Agrícola Virú', empresaabrev: 'AGV', paisid: 1 },
  { empresaid: 2, empresa: 'Frutos del Chao', empresaabrev: 'FDC', paisid: 1 },
  { empresaid: 3, empresa: 'Viñedos del Maipo', empresaabrev: 'VDM', paisid: 2 },
];

export const fundosFixture: FundoRow[] = [
  { fundoid: 1, fundo: 'San José', fundoabrev: 'SJO', empresaid: 1 },
  { fundoid: 2, fundo: 'Santa Rosa', fundoabrev: 'SRO', empresaid: 1 },
  { fundoid: 3, fundo: 'El Palto', fundoabrev: 'EPA', empresaid: 2 },
  { fundoid: 4, fundo: 'Los Olivos', fundoabrev: 'LOL', empresaid: 3 },
];
