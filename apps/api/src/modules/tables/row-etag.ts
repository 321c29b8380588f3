import { createHash } from 'node:crypto';
import type { TableRow } from '@camposense/domain';
import { ApiError } from '../../errors/api-error';
import type { CatalogueTable } from '../../sense/catalogue';

/*
 * Optimistic concurrency for row updates (docs/security.md, "ETags"). A row's entity tag is a hash
 * of its own visible columns as the API answers them (timestamps in ISO 8601), so it changes with
 * any change of the row, including the datemodified every update sets, and never with an embedded
 * row of another table. A strong tag: If-Match compares it byte for byte.
 */

/** The strong entity tag of `row` (quoted, as the header carries it). */
export function rowEtag(table: CatalogueTable, row: TableRow): string {
  const values = table.visible.map((column) => row[column.column_name] ?? null);
  const digest = createHash('sha256').update(JSON.stringify(values), 'utf8').digest('base64url').slice(0, 27);
  return `"${digest}"`;
}

/** The tags of an If-Match header; `*` matches any existing row. Weak tags (W/) never match (RFC 9110 §13.1.1). */
export function parseIfMatch(header: string | string[] | undefined): readonly string[] | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  const tags = text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
  return tags;
}

export const preconditionFailed = () =>
  new ApiError(412, 'PRECONDITION_FAILED', 'La fila cambió desde que la leyó: vuelva a cargarla antes de guardar');

/** Throws 412 unless `current` satisfies the If-Match tags. */
export function assertIfMatch(tags: readonly string[], current: string): void {
  if (tags.includes('*')) return;
  if (!tags.includes(current)) throw preconditionFailed();
}
