import { grantsWriteRefusal, tableWriteRefusal, type SignedInAccess, type TableWriteRefusal } from '@camposense/data-access';
import { findTable, TABLE_OPERATIONS, type SessionUser, type TableName, type TableOperation, type TableWrite } from '@camposense/domain';
import type { TranslationKey } from '@camposense/i18n';
import type { MainSection } from '@camposense/ui';
import { Activity, Bell, CirclePlus, Layers, ListChecks, Mail, Pencil, type LucideIcon } from 'lucide-react';
import type { Preloadable } from '../screens/preload-schedule';
import { screens } from '../screens/screens';
import { DASHBOARD_PATH } from './paths';

/**
 * The console's one route table (issue 29 item 4). The spec (section 2) has a single active-tab
 * state and no routes; a route is that state, typed, and the URL only mirrors it so back, forward,
 * reload and deep links work. From this table come the URL (`toPath` / `fromPath`), the spec's tab
 * id the screens are told (`tabOf`), the section a route belongs to, the breadcrumb, the menus of
 * the reports and of a table's operations (with the role each entry needs), and the lazy screen a
 * route shows. Every label is a dictionary key checked by the compiler: a misspelt one fails
 * typecheck, and no key is cast.
 */

export type Operation = TableOperation;

export type Route =
  | { name: 'welcome' }
  /** The dashboard as a tab of its own (`/dashboard`), besides the reports' dashboard sub-tab. */
  | { name: 'dashboard' }
  /** The reports section, waiting for a sub-tab. */
  | { name: 'reports' }
  /** A report sub-tab; one the console does not know shows the development placeholder. */
  | { name: 'report'; report: string }
  /** The parameters section, waiting for a table. */
  | { name: 'parameters' }
  /** A parameters table and its operation (status when the URL names no valid one). */
  | { name: 'table'; table: string; operation: Operation }
  | { name: 'thresholds' }
  | { name: 'configuration' }
  /** Any other tab: the fallback screen (the welcome screen without its title). */
  | { name: 'unknown'; tab: string };

export type RouteName = Route['name'];
export type RouteOf<Name extends RouteName> = Extract<Route, { name: Name }>;

/** Who may see a menu entry: everyone (null), or only this role. */
export type Role = 'admin' | null;

/** The role that writes: a table's write operations, the ingest keys in the settings (the API refuses others too). */
export const WRITE_ROLE: Role = 'admin';

export function hasRole(user: SessionUser, role: Role): boolean {
  return role === null || user.user_metadata.rol === role;
}

/** An entry of a menu: its label and icon. */
export interface MenuEntry {
  label: TranslationKey;
  icon: LucideIcon;
}

/** A crumb after the application's name; the shell translates it and colours it by section. */
export interface CrumbSpec {
  label: TranslationKey;
  /** Coloured as this section. */
  accent?: MainSection;
  /** Shown on a phone too. */
  onPhone?: true;
  /** A shorter text for a phone. */
  phoneLabel?: TranslationKey;
}

/** The sections of the main menu (whose items libs/ui draws): where each leads, its name, what hovering it preloads. */
export const SECTIONS: Record<MainSection, { route: Route; title: TranslationKey; phoneTitle?: TranslationKey; preload?: Preloadable }> = {
  reportes: { route: { name: 'reports' }, title: 'nav.reportes' },
  parameters: { route: { name: 'parameters' }, title: 'nav.parameters', preload: screens.parameters },
  // The thresholds tab says what it configures (spec section 2); a phone names the table it shows.
  umbrales: { route: { name: 'thresholds' }, title: 'nav.umbralesFull', phoneTitle: 'thresholds.tableLabel', preload: screens.thresholds },
};

/** The reports menu: each sub-tab's label, icon and screen, in the menu's order. */
export const REPORTS = {
  dashboard: { label: 'nav.dashboard', icon: Activity, screen: screens.dashboard },
  alertas: { label: 'nav.alertas', icon: Bell, screen: screens.alerts },
  mensajes: { label: 'nav.mensajes', icon: Mail, screen: screens.messages },
} as const satisfies Record<string, MenuEntry & { screen: Preloadable }>;

export type ReportId = keyof typeof REPORTS;
export const REPORT_IDS: readonly ReportId[] = ['dashboard', 'alertas', 'mensajes'];

export function isReportId(value: string): value is ReportId {
  return Object.hasOwn(REPORTS, value);
}

/** A table's operations menu: each operation's label, icon and the write it makes (status only reads). */
export const OPERATIONS: Record<Operation, MenuEntry & { write: TableWrite | null }> = {
  status: { label: 'operations.status', icon: ListChecks, write: null },
  insert: { label: 'operations.insert', icon: CirclePlus, write: 'create' },
  update: { label: 'operations.update', icon: Pencil, write: 'update' },
  massive: { label: 'operations.massive', icon: Layers, write: 'create' },
};

/**
 * Why the user may not open `operation` of `table`, or null when they may: an admin opens every
 * one; another user those whose write a grant reaches (issue 32: gestion for a company's reference
 * data, operacion for thresholds). Status (reading) is everyone's.
 */
export function operationRefusal(table: TableName, operation: Operation, user: SessionUser, access: SignedInAccess | null): TableWriteRefusal | null {
  const { write } = OPERATIONS[operation];
  if (write === null) return null;
  const refusal = rowWriteRefusal(table, operation, user, access);
  // A user's update screen holds their grants editor too: a manager opens it for that alone.
  if (refusal !== null && opensGrants(table, operation) && grantsWriteRefusal(access, withoutGrants(user)) === null) return null;
  return refusal;
}

/**
 * Why the user may not write the rows themselves in `operation` of `table` (status reads): where
 * `operationRefusal` lets a manager into a user's update screen for the grants, the row's own
 * fields stay an admin's.
 */
export function rowWriteRefusal(table: TableName, operation: Operation, user: SessionUser, access: SignedInAccess | null): TableWriteRefusal | null {
  const { write } = OPERATIONS[operation];
  return write === null ? null : tableWriteRefusal(access, table, write, withoutGrants(user));
}

/** The operations whose screen also edits a user's grants (issue 32: a specialised form in the parameters area). */
function opensGrants(table: TableName, operation: Operation): boolean {
  return table === 'usuario' && operation === 'update';
}

/**
 * What the console answers when it has no grants to read (a shell shown alone): an admin writes
 * everything; anyone else is offered nothing, and told no level, since none is known.
 */
function withoutGrants(user: SessionUser): TableWriteRefusal | null {
  return hasRole(user, WRITE_ROLE) ? null : { kind: 'unknown' };
}

export function isOperation(value: string | undefined): value is Operation {
  return (TABLE_OPERATIONS as readonly string[]).includes(value ?? '');
}

/** The operations of a table the user may open, in the sidebar's order. */
export function operationsFor(table: string, user: SessionUser, access: SignedInAccess | null): Operation[] {
  const definition = findTable(table);
  if (!definition) return [];
  return definition.operations.filter((operation) => operationRefusal(definition.name, operation, user, access) === null);
}

type Params = Record<string, string | undefined>;

interface RouteDefinition<Name extends RouteName> {
  /** The URL: fixed segments and `:param` ones (`?` when it may be missing); segments past the pattern are ignored. */
  path: string;
  fromParams: (params: Params) => RouteOf<Name>;
  toParams: (route: RouteOf<Name>) => Record<string, string>;
  /** The spec's tab id (section 2): what the screens are told, and what keys a screen's state. */
  tab: (route: RouteOf<Name>) => string;
  section: MainSection | null;
  /** The breadcrumb after the application's name. */
  crumbs: (route: RouteOf<Name>) => CrumbSpec[];
  /** The route waits for a choice in its section's menu, and says so; that menu stays open meanwhile. */
  prompt?: TranslationKey;
}

function sectionCrumb(section: MainSection): CrumbSpec {
  const { title, phoneTitle } = SECTIONS[section];
  return phoneTitle ? { label: title, accent: section, onPhone: true, phoneLabel: phoneTitle } : { label: title, accent: section };
}

const noParams = () => ({});

/** The route table, in matching order: the first pattern a URL fits is its route. */
export const ROUTES: { [Name in RouteName]: RouteDefinition<Name> } = {
  welcome: { path: '/', fromParams: () => ({ name: 'welcome' }), toParams: noParams, tab: () => 'welcome', section: null, crumbs: () => [] },
  report: {
    path: '/reportes/:report',
    fromParams: ({ report = '' }) => ({ name: 'report', report }),
    toParams: ({ report }) => ({ report }),
    tab: ({ report }) => `reportes-${report}`,
    section: 'reportes',
    crumbs: ({ report }) => [sectionCrumb('reportes'), ...(isReportId(report) ? [{ label: REPORTS[report].label }] : [])],
  },
  reports: {
    path: '/reportes',
    fromParams: () => ({ name: 'reports' }),
    toParams: noParams,
    tab: () => 'reportes',
    section: 'reportes',
    crumbs: () => [sectionCrumb('reportes')],
    prompt: 'nav.chooseSubtab',
  },
  dashboard: {
    path: DASHBOARD_PATH,
    fromParams: () => ({ name: 'dashboard' }),
    toParams: noParams,
    tab: () => 'dashboard',
    section: 'reportes',
    crumbs: () => [sectionCrumb('reportes'), { label: REPORTS.dashboard.label }],
  },
  table: {
    path: '/parameters/:table/:operation?',
    fromParams: ({ table = '', operation }) => ({ name: 'table', table, operation: isOperation(operation) ? operation : 'status' }),
    toParams: ({ table, operation }) => ({ table, operation }),
    tab: ({ table }) => `parameters-${table}`,
    section: 'parameters',
    crumbs: ({ table, operation }) => {
      const definition = findTable(table);
      // A phone's header has room for one name: the table's (the section and operations are in its drawer).
      return definition
        ? [sectionCrumb('parameters'), { label: `tables.${definition.name}`, onPhone: true }, { label: OPERATIONS[operation].label }]
        : [sectionCrumb('parameters')];
    },
  },
  parameters: {
    path: '/parameters',
    fromParams: () => ({ name: 'parameters' }),
    toParams: noParams,
    tab: () => 'parameters',
    section: 'parameters',
    crumbs: () => [sectionCrumb('parameters')],
    prompt: 'nav.chooseOption',
  },
  thresholds: {
    path: '/umbrales',
    fromParams: () => ({ name: 'thresholds' }),
    toParams: noParams,
    tab: () => 'umbrales',
    section: 'umbrales',
    crumbs: () => [sectionCrumb('umbrales')],
  },
  configuration: {
    path: '/configuration',
    fromParams: () => ({ name: 'configuration' }),
    toParams: noParams,
    tab: () => 'configuration',
    section: null,
    crumbs: () => [{ label: 'nav.configuration' }],
  },
  // Any other single segment is a tab id (spec section 2): `/reportes-alertas` opens that tab as
  // `/reportes/alertas` does; one the console does not know shows the fallback screen.
  unknown: {
    path: '/:tab',
    fromParams: ({ tab = '' }) => ({ name: 'unknown', tab }),
    toParams: ({ tab }) => ({ tab }),
    tab: ({ tab }) => tab,
    section: null,
    crumbs: () => [],
  },
};

function definitionOf<Name extends RouteName>(route: RouteOf<Name>): RouteDefinition<Name> {
  return ROUTES[route.name as Name];
}

export const WELCOME: Route = { name: 'welcome' };

/** The routes without params, by their tab id: `reportes` is the reports section, and so on. */
const FIXED_TABS = new Map<string, Route>(
  (Object.keys(ROUTES) as RouteName[])
    .filter((name) => !ROUTES[name].path.includes(':'))
    .map((name) => {
      const route = ROUTES[name].fromParams({});
      return [tabOf(route), route];
    }),
);

/** The route of a spec tab id (section 2), with a table's operation. */
export function fromTab(tab: string, operation: Operation = 'status'): Route {
  const fixed = FIXED_TABS.get(tab);
  if (fixed) return fixed;
  if (tab.startsWith('reportes-') && tab.length > 'reportes-'.length) return { name: 'report', report: tab.slice('reportes-'.length) };
  if (tab.startsWith('parameters-') && tab.length > 'parameters-'.length) return { name: 'table', table: tab.slice('parameters-'.length), operation };
  return { name: 'unknown', tab };
}

/** The spec's tab id of a route: `welcome`, `reportes-alertas`, `parameters-pais`, … */
export function tabOf(route: Route): string {
  return definitionOf(route).tab(route);
}

/** The section of the main menu a route belongs to. */
export function sectionOf(route: Route): MainSection | null {
  return ROUTES[route.name].section;
}

/** The breadcrumb of a route, after the application's name. */
export function crumbsOf(route: Route): CrumbSpec[] {
  return definitionOf(route).crumbs(route);
}

/** What the route asks the operator to choose, if it waits for a choice in its section's menu. */
export function promptOf(route: Route): TranslationKey | undefined {
  return ROUTES[route.name].prompt;
}

export function toPath(route: Route): string {
  const params = definitionOf(route).toParams(route);
  const path = ROUTES[route.name].path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(params[segment.slice(1).replace(/\?$/, '')] ?? '') : segment))
    .join('/');
  return `/${path}`;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The params of `parts` under `pattern`, or null when they do not fit it. */
function match(pattern: string, parts: string[]): Params | null {
  const segments = pattern.split('/').filter(Boolean);
  if (segments.length === 0) return parts.length === 0 ? {} : null;
  const params: Params = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index];
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      if (part === undefined && !optional) return null;
      params[segment.slice(1).replace(/\?$/, '')] = part;
    } else if (part !== segment) return null;
  }
  return params;
}

export function fromPath(pathname: string): Route {
  const parts = pathname.split('/').filter(Boolean).map(decode);
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const params = match(ROUTES[name].path, parts);
    if (params) return name === 'unknown' ? fromTab(params['tab'] ?? '') : ROUTES[name].fromParams(params);
  }
  return WELCOME;
}

/**
 * The lazy screen a route shows, if any: what a reload at that URL starts fetching while the
 * session is renewed, instead of after (issue 30: a repeat visit is not a chain of round trips).
 */
export function screenOfRoute(route: Route): Preloadable | undefined {
  switch (route.name) {
    case 'dashboard':
      return screens.dashboard;
    case 'report':
      return isReportId(route.report) ? REPORTS[route.report].screen : screens.reportPlaceholder;
    case 'table':
      return findTable(route.table) ? screens.parameters : undefined;
    case 'thresholds':
      return screens.thresholds;
    case 'configuration':
      return screens.settings;
    default:
      return undefined;
  }
}
