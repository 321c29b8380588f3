import type { SortDirection } from '@camposense/domain';

export interface ReportSortState<Column extends string> {
  sortBy: Column;
  sortOrder: SortDirection;
}

export type QueryEntries = [string, string | number | null | undefined][];

/** Query string of the set values only, in a fixed order. */
export function queryString(entries: QueryEntries): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== null && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The set values only, as an SWR key's part: equal requests share one key whatever order their fields came in. */
export function setValues<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null && value !== undefined)) as Partial<T>;
}

export const REPORTS_BASE = '/sense/reports';
