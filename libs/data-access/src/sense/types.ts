/** The rows the shell reads; the API answers more columns, these are the ones used here. */
export interface PaisRow {
  paisid: number;
  pais: string;
  paisabrev: string;
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
}
