// Both languages in one chunk, so a change of language needs no download.
export { esReports as es } from './es/reports';
export { enReports as en } from './en/reports';
