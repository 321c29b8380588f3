export { parseCsv, parseCsvFile } from './csv';
export type { ParsedCsv } from './csv';
