/** The answers of the /api/sense calls (api.md, "The sense calls"), shared by API and console. */

/** Any table's row as the generic calls answer it: column names to values, dates as ISO strings. */
export type TableRow = Record<string, unknown>;

export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface PaginatedRows<Row = TableRow> {
  data: Row[];
  pagination: Pagination;
}

/** One reading as `mediciones` and `mediciones-con-entidad` answer it, newest first. */
export interface MedicionReading {
  medicionid: number;
  fecha: string;
  medicion: number;
  metricaid: number;
  metrica: string;
  unidad: string | null;
  nodoid: number;
  tipoid: number;
  ubicacionid: number;
  entidadid: number | null;
}

export interface CountAnswer {
  count: number;
}

/** A node's latest reading of one metric of one probe. */
export interface LatestReading {
  tipoid: number;
  tipo: string | null;
  metricaid: number;
  metrica: string;
  unidad: string | null;
  medicion: number;
  fecha: string;
}

/** A node with its place in the hierarchy, its coordinates and its last reading (`nodos-con-localizacion`). */
export interface NodoConLocalizacion {
  nodoid: number;
  nodo: string;
  nodoabrev: string | null;
  deveui: string | null;
  statusid: number;
  ubicacionid: number;
  ubicacion: string;
  fundoid: number;
  fundo: string;
  empresaid: number;
  empresa: string;
  paisid: number;
  pais: string;
  entidadid: number;
  entidad: string;
  latitud: number | null;
  longitud: number | null;
  referencia: string | null;
  /** When the node last reported, or null if it never did. */
  ultimaFecha: string | null;
  /** The latest value of each metric of each of its probes. */
  ultimasMediciones: LatestReading[];
}

/** `GET /{table}/columns`: one row of information_schema.columns. */
export interface TableColumn {
  column_name: string;
  data_type: string;
  /** 'YES' when the column accepts null. */
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

/** `GET /{table}/info`. */
export interface TableInfo {
  table_name: string;
  primary_key: string[];
  identity_columns: string[];
}

/** `GET /{table}/constraints`: `references` names the referenced table and columns of a foreign key. */
export interface TableConstraint {
  constraint_name: string;
  constraint_type: 'PRIMARY KEY' | 'UNIQUE' | 'FOREIGN KEY' | 'CHECK' | 'EXCLUDE';
  columns: string[];
  references: { table: string; columns: string[] } | null;
}
