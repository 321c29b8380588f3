/** The rows the shell reads; the API answers more columns, these are the ones used here. */
export interface PaisRow {
  paisid: number;
  pais: string;
  paisabrev: string;
  /** IANA time zone of the country's farms (issue 16). */
  zonahoraria?: string;
}

export interface EmpresaRow {
  empresaid: number;
  empresa: string;
  empresaabrev: string;
  paisid: number;
}

export interface FundoRow {
  fundoid: number;
  fundo: string;
  fundoabrev: string;
  empresaid: number;
  /** The farm's own IANA time zone; null or absent = its country's. */
  zonahoraria?: string | null;
}

/** The rows of places and metrics the dashboard reads; the API answers more columns, these are the ones used. */
export interface UbicacionRow {
  ubicacionid: number;
  ubicacion: string;
  ubicacionabrev: string | null;
  fundoid: number;
}

export interface EntidadRow {
  entidadid: number;
  entidad: string;
  entidadabrev: string | null;
}

/** Which node stands in which location for which entity. */
export interface LocalizacionRow {
  entidadid: number;
  ubicacionid: number;
  nodoid: number;
}

export interface MetricaRow {
  metricaid: number;
  metrica: string;
  metricaabrev: string | null;
  unidad: string | null;
  /** 1 active; a retired metric (0) keeps its readings but gets no chart. */
  statusid: number;
}
