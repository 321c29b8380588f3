export { parseCsv, parseCsvFile } from './csv';
