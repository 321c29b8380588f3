import { TABLE_OPERATIONS, type TableOperation } from '@camposense/domain';

/**
 * The tab ids of spec section 2 and their projection onto URLs. The spec has a single active-tab
 * state and no routes; the URL only mirrors it so back, forward and reload work.
 */
export const REPORT_SUBTABS = ['dashboard', 'alertas', 'mensajes'] as const;
export type ReportSubtab = (typeof REPORT_SUBTABS)[number];

export type Operation = TableOperation;

export interface NavigationState {
  /** welcome, dashboard, reportes, reportes-{x}, parameters, parameters-{table}, umbrales, configuration, or anything else (the fallback screen). */
  tab: string;
  /** The operation of a parameters table; status when a table is picked. */
  subtab: Operation;
}

export const WELCOME: NavigationState = { tab: 'welcome', subtab: 'status' };

export function isOperation(value: string | undefined): value is Operation {
  return (TABLE_OPERATIONS as readonly string[]).includes(value ?? '');
}

/** The table of a `parameters-{table}` tab, else null. */
export function parametersTable(tab: string): string | null {
  return tab.startsWith('parameters-') ? tab.slice('parameters-'.length) || null : null;
}

/** The sub-tab of a `reportes-{x}` tab, else null. */
export function reportSubtab(tab: string): string | null {
  return tab.startsWith('reportes-') ? tab.slice('reportes-'.length) || null : null;
}

export function toPath({ tab, subtab }: NavigationState): string {
  if (tab === 'welcome') return '/';
  const table = parametersTable(tab);
  if (table) return `/parameters/${encodeURIComponent(table)}/${subtab}`;
  const report = reportSubtab(tab);
  if (report) return `/reportes/${encodeURIComponent(report)}`;
  return `/${encodeURIComponent(tab)}`;
}

export function fromPath(pathname: string): NavigationState {
  const parts = pathname
    .split('/')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
  const [first, second, third] = parts;
  if (!first) return WELCOME;
  if (first === 'parameters' && second) return { tab: `parameters-${second}`, subtab: isOperation(third) ? third : 'status' };
  if (first === 'reportes' && second) return { tab: `reportes-${second}`, subtab: 'status' };
  return { tab: first, subtab: 'status' };
}
