export { DataTable } from './data-table';
export type { DataTableColumn, DataTableProps, DataTableSort } from './data-table';
