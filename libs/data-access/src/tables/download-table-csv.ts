import type { ReportDownloadToken, TableName } from '@camposense/domain';
import { apiRequest } from '../client/api-client';
import { followDownloadLink } from '../client/download-link';
import { tablePaths } from './keys';
import type { TableCsvParams } from './keys';

/**
 * Downloads the status view of `table` as CSV, with its search, sort and scope (every page), its
 * dates in the zone given: a one-minute token is asked with the bearer, then the browser follows
 * the link, so the file streams to the download manager instead of piling up in page memory.
 */
export async function downloadTableCsv(table: TableName, params: TableCsvParams = {}): Promise<void> {
  const { token } = await apiRequest<ReportDownloadToken>(tablePaths.downloadToken(table));
  followDownloadLink(tablePaths.csv(table, params, token));
}
