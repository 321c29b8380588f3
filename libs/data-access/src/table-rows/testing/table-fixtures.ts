import type { TableColumn, TableConstraint, TableName, TableRow } from '@camposense/domain';
import { FIXTURE_NOW } from '../../testing/fixtures';

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

const column = (column_name: string, data_type: string, is_nullable: 'YES' | 'NO' = 'NO', column_default: string | null = null): TableColumn => ({
  column_name,
  data_type,
  is_nullable,
  column_default,
});

const AUDIT_COLUMNS: TableColumn[] = [
  column('statusid', 'integer', 'NO', '1'),
  column('usercreatedid', 'integer', 'YES'),
  column('datecreated', 'timestamp with time zone', 'YES', 'now()'),
  column('usermodifiedid', 'integer', 'YES'),
  column('datemodified', 'timestamp with time zone', 'YES', 'now()'),
];

/** The tables the parameters stories show, with the columns and constraints the catalogue answers. */
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
      { constraint_name: 'empresa_paisid_fkey', constraint_type: 'FOREIGN KEY', columns: ['paisid'], references: { table: 'pais', columns: ['paisid'] } },
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
  usuario: {
    columns: [column('usuarioid', 'integer'), column('login', 'character varying'), column('firstname', 'character varying'), column('lastname', 'character varying')],
    constraints: [],
    rows: audited([
      { usuarioid: 1, login: 'admin@camposense.dev', firstname: 'Ana', lastname: 'Quispe' },
      { usuarioid: 2, login: 'operador@camposense.dev', firstname: 'Luis', lastname: 'Rojas' },
    ]),
  },
};
