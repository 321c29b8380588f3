export { DataTable } from './data-table';
export type { DataTableColumn, DataTableSort } from './data-table';
