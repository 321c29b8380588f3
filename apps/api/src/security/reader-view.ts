import type { ApiErrorDetail, TableDefinition, TableRow } from '@camposense/domain';
import type { AccessClaims } from '../modules/auth/tokens';

/*
 * What a `user` (reader) may see (issue 10, item 6): the console shows a reader names, never other
 * people's e-mail addresses or phone numbers, which stay with admins. Per table: the columns a
 * reader gets as null, except in rows about themselves (`ownerColumn` is the reader's id).
 */
interface ReaderRule {
  columns: readonly string[];
  ownerColumn?: string;
}

const READER_RULES: Readonly<Record<string, ReaderRule>> = {
  usuario: { columns: ['login'], ownerColumn: 'usuarioid' },
  correo: { columns: ['correo'], ownerColumn: 'usuarioid' },
  contacto: { columns: ['celular', 'correo'], ownerColumn: 'usuarioid' },
};

export const isReader = (user: AccessClaims | null): boolean => user?.rol !== 'admin';

/** Columns a reader may neither read, filter, sort nor search by, in `table`. */
export function readerHiddenColumns(table: string): readonly string[] {
  return READER_RULES[table]?.columns ?? [];
}

function redactRow(table: string, row: Record<string, unknown>, userId: number | undefined): void {
  const rule = READER_RULES[table];
  if (!rule) return;
  if (rule.ownerColumn && userId !== undefined && row[rule.ownerColumn] === userId) return;
  for (const column of rule.columns) if (column in row) row[column] = null;
}

/** Nulls, in place, what a reader may not see in rows of `definition`, embedded rows included. */
export function redactForReader(definition: TableDefinition, rows: TableRow[], user: AccessClaims | null): TableRow[] {
  if (!isReader(user)) return rows;
  const userId = user?.id;
  for (const row of rows) {
    redactRow(definition.name, row, userId);
    for (const embed of definition.embeds) redactEmbedded(embed, row[embed.as], userId);
  }
  return rows;
}

function redactEmbedded(
  embed: TableDefinition['embeds'][number],
  value: unknown,
  userId: number | undefined,
): void {
  if (typeof value !== 'object' || value === null || embed.column) return;
  const row = value as Record<string, unknown>;
  redactRow(embed.table, row, userId);
  for (const child of embed.embeds ?? []) redactEmbedded(child, row[child.as], userId);
}

/** 400 `unknown` for a reader's filter, sort or key on a column hidden from readers. */
export function readerQueryProblems(table: string, names: readonly string[]): ApiErrorDetail[] {
  const hidden = new Set(readerHiddenColumns(table));
  return names.filter((name) => hidden.has(name)).map((field) => ({ field, rule: 'unknown' }));
}

/** A report's contact user (`contacto.usuario`): a reader sees their names, not their login. */
export function redactContactUser(usuario: { usuarioid?: unknown; login?: unknown } | null | undefined, user: AccessClaims | null): void {
  if (!usuario || !isReader(user) || usuario.usuarioid === user?.id) return;
  if ('login' in usuario) usuario.login = null;
}
