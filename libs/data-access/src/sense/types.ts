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
