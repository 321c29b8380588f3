import type { TableColumn, TableConstraint, TableName, TableRow } from '@camposense/domain';
import { FIXTURE_NOW } from './fixtures';

/** Reference-table rows as the API answers them: audit columns, status, ISO dates. */
function audited(rows: Record<string, unknown>[]): TableRow[] {
  return rows.map((row, index) => ({
    statusid: 1,
    usercreatedid: 1,
    datecreated: new Date(FIXTURE_NOW.getTime() - (index + 1) * 86_400_000).toISOString(),
    usermodifiedid: index % 2 === 0 ? 1 : 2,
    datemodified: FIXTURE_NOW.toISOString(),
    ...row,
  }));
}

/** A catalogue column as GET /api/sense/tables/:table/columns answers it. */
export const column = (column_name: string, data_type: string, is_nullable: 'YES' | 'NO' = 'NO', column_default: string | null = null): TableColumn => ({
  column_name,
  data_type,
  is_nullable,
  column_default,
});

/** The audit columns every reference table ends with. */
export const AUDIT_COLUMNS: TableColumn[] = [
  column('statusid', 'integer', 'NO', '1'),
  column('usercreatedid', 'integer', 'YES'),
  column('datecreated', 'timestamp with time zone', 'YES', 'now()'),
  column('usermodifiedid', 'integer', 'YES'),
  column('datemodified', 'timestamp with time zone', 'YES', 'now()'),
];

/** A table's serial id column: `<table>id` from the sequence `sense.<table>_<table>id_seq`. */
const serialId = (table: string) => column(`${table}id`, 'integer', 'NO', `nextval('sense.${table}_${table}id_seq'::regclass)`);

/** A named catalogue's columns: serial id, name, optional abbreviation, its own columns, then the audit ones. */
/** A single-column foreign key as the catalogue describes it (`<table>_<column>_fkey`). */
const foreignKey = (table: string, column: string, target: string, targetColumn = column): TableConstraint => ({
  constraint_name: `${table}_${column}_fkey`,
  constraint_type: 'FOREIGN KEY',
  columns: [column],
  references: { table: target, columns: [targetColumn] },
});

const namedCatalogue = (table: string, ...own: TableColumn[]) => [
  serialId(table),
  column(table, 'character varying'),
  column(`${table}abrev`, 'character varying', 'YES'),
  ...own,
  ...AUDIT_COLUMNS,
];

/** The tables the parameters stories show, with the columns and constraints the catalogue answers. */
/** A level of the location hierarchy under `parent`: its named columns, the key to its parent, rows as [id, name, abbreviation, parent's id]. */
const hierarchyLevel = (table: string, parent: string, rows: [number, string, string, number][]) => ({
  columns: namedCatalogue(table, column(`${parent}id`, 'integer')),
  constraints: [foreignKey(table, `${parent}id`, parent)],
  rows: audited(rows.map(([id, name, abbreviation, parentId]) => ({ [`${table}id`]: id, [table]: name, [`${table}abrev`]: abbreviation, [`${parent}id`]: parentId }))),
});

export const tableFixtures: Partial<Record<TableName, { columns: TableColumn[]; constraints: TableConstraint[]; rows: TableRow[] }>> = {
  pais: {
    columns: [column('paisid', 'integer'), column('pais', 'character varying'), column('paisabrev', 'character varying'), ...AUDIT_COLUMNS],
    constraints: [{ constraint_name: 'pais_pkey', constraint_type: 'PRIMARY KEY', columns: ['paisid'], references: null }],
    rows: audited([
      { paisid: 1, pais: 'Perú', paisabrev: 'PE' },
      { paisid: 2, pais: 'Chile', paisabrev: 'CL' },
    ]),
  },
  empresa: {
    columns: [
      column('empresaid', 'integer'),
      column('empresa', 'character varying'),
      column('empresaabrev', 'character varying'),
      column('paisid', 'integer'),
      ...AUDIT_COLUMNS,
    ],
    constraints: [
      { constraint_name: 'empresa_pkey', constraint_type: 'PRIMARY KEY', columns: ['empresaid'], references: null },
      foreignKey('empresa', 'paisid', 'pais'),
    ],
    rows: audited([
      { empresaid: 1, empresa: 'Agrícola Virú', empresaabrev: 'AGV', paisid: 1 },
      { empresaid: 2, empresa: 'Frutos del Chao', empresaabrev: 'FDC', paisid: 1, statusid: 0 },
      { empresaid: 3, empresa: 'Viñedos del Maipo', empresaabrev: 'VDM', paisid: 2 },
      ...Array.from({ length: 42 }, (_, index) => ({
        empresaid: 4 + index,
        empresa: `Empresa ${String(index + 1).padStart(2, '0')}`,
        empresaabrev: `E${index + 1}`,
        paisid: (index % 2) + 1,
      })),
    ]),
  },
  fundo: hierarchyLevel('fundo', 'empresa', [
    [1, 'Fundo Virú Norte', 'VN', 1],
    [2, 'Fundo Chao', 'CH', 2],
    [3, 'Fundo Maipo Alto', 'MA', 3],
  ]),
  ubicacion: hierarchyLevel('ubicacion', 'fundo', [
    [1, 'Lote 1', 'L1', 1],
    [2, 'Lote 2', 'L2', 1],
    [3, 'Parcela Maipo', 'PM', 3],
  ]),
  nodo: {
    columns: namedCatalogue('nodo', column('deveui', 'character varying', 'YES')),
    constraints: [{ constraint_name: 'nodo_deveui_key', constraint_type: 'UNIQUE', columns: ['deveui'], references: null }],
    rows: audited([
      { nodoid: 1, nodo: 'Nodo Virú 01', nodoabrev: 'NV01', deveui: '70B3D57ED0000001' },
      { nodoid: 2, nodo: 'Nodo Maipo 01', nodoabrev: 'NM01', deveui: null },
    ]),
  },
  // Where each node stands: Virú's in Lote 1 (Fundo Virú Norte, Perú), Maipo's in Parcela Maipo (Chile).
  localizacion: {
    columns: [
      column('entidadid', 'integer'),
      column('ubicacionid', 'integer'),
      column('nodoid', 'integer'),
      column('latitud', 'numeric', 'YES'),
      column('longitud', 'numeric', 'YES'),
      column('referencia', 'character varying', 'YES'),
      ...AUDIT_COLUMNS,
    ],
    constraints: [
      { constraint_name: 'localizacion_pkey', constraint_type: 'PRIMARY KEY', columns: ['entidadid', 'ubicacionid', 'nodoid'], references: null },
      foreignKey('localizacion', 'ubicacionid', 'ubicacion'),
      foreignKey('localizacion', 'nodoid', 'nodo'),
    ],
    rows: audited([
      { entidadid: 1, ubicacionid: 1, nodoid: 1, latitud: -8.42, longitud: -78.75, referencia: 'Entrada del lote' },
      { entidadid: 1, ubicacionid: 3, nodoid: 2, latitud: -33.62, longitud: -70.58, referencia: 'Hilera 12' },
    ]),
  },
  sensor: {
    columns: [column('nodoid', 'integer'), column('tipoid', 'integer'), ...AUDIT_COLUMNS],
    constraints: [
      { constraint_name: 'sensor_pkey', constraint_type: 'PRIMARY KEY', columns: ['nodoid', 'tipoid'], references: null },
      foreignKey('sensor', 'nodoid', 'nodo'),
      foreignKey('sensor', 'tipoid', 'tipo'),
    ],
    rows: audited([
      { nodoid: 1, tipoid: 1 },
      { nodoid: 2, tipoid: 2 },
    ]),
  },
  tipo: {
    columns: [serialId('tipo'), column('tipo', 'character varying'), column('entidadid', 'integer'), ...AUDIT_COLUMNS],
    constraints: [],
    rows: audited([
      { tipoid: 1, tipo: 'Sonda suelo 20 cm', entidadid: 1 },
      { tipoid: 2, tipo: 'Sonda suelo 40 cm', entidadid: 1 },
    ]),
  },
  // A boss chain of three levels: the boss select names each "nivel - perfil".
  perfil: {
    columns: [
      serialId('perfil'),
      column('perfil', 'character varying'),
      column('perfilabrev', 'character varying'),
      column('nivel', 'integer'),
      column('jefeid', 'integer', 'YES'),
      ...AUDIT_COLUMNS,
    ],
    constraints: [
      { constraint_name: 'perfil_pkey', constraint_type: 'PRIMARY KEY', columns: ['perfilid'], references: null },
      foreignKey('perfil', 'jefeid', 'perfil', 'perfilid'),
    ],
    rows: audited([
      { perfilid: 1, perfil: 'Gerente Agrícola', perfilabrev: 'GERENTE', nivel: 0, jefeid: null },
      { perfilid: 2, perfil: 'Jefe de Fundo Perú', perfilabrev: 'JEFE-PE', nivel: 1, jefeid: 1 },
      { perfilid: 3, perfil: 'Supervisor Perú', perfilabrev: 'SUPERV-PE', nivel: 2, jefeid: 2 },
    ]),
  },
  usuario: {
    columns: [column('usuarioid', 'integer'), column('login', 'character varying'), column('firstname', 'character varying'), column('lastname', 'character varying')],
    constraints: [],
    rows: audited([
      { usuarioid: 1, login: 'admin@camposense.dev', firstname: 'Ana', lastname: 'Quispe' },
      { usuarioid: 2, login: 'operador@camposense.dev', firstname: 'Luis', lastname: 'Rojas' },
    ]),
  },
};
