import type { TableName } from '@camposense/domain';
import { tableRowKeys } from '../table-rows/keys';

/** The API's largest page (`pageSize` maximum): a specialised form reads a link table whole, up to it. */
export const FORM_LIST_LIMIT = 1000;

/**
 * SWR keys (and paths) of the specialised parameter forms' calls (issue 13). The lists are the
 * generic table pages, so a write through `useTableRowMutations` revalidates them too.
 */
export const parameterFormKeys = {
  /** Every row of `table` (first page of `FORM_LIST_LIMIT`). */
  allRows: (table: TableName) => tableRowKeys.page(table, { page: 1, pageSize: FORM_LIST_LIMIT }),
  sensorReplicate: () => '/sense/sensor/replicate',
  metricaSensorReplicate: () => '/sense/metricasensor/replicate',
  usuarioPerfilAssign: () => '/sense/usuarioperfil/assign',
};
