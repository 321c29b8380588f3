/**
 * bench:load's operators (issue 31, item 1): each client is one operator with a farm of its own,
 * its own node and location in it and its own date windows, going through the console's screens
 * and asking what each screen asks, with the URLs and query parameters the console's data-access
 * builds (libs/data-access/src/{series,nodes,alerts,messages,thresholds,tables,places,episodes}/keys.ts):
 *
 * - dashboard: the node list, the metrics, the farm's locations, the header's ongoing alerts, one
 *   `/api/sense/series` per metric for the node (or the location) over the operator's window, in
 *   the farm's zone, with the chart's width as the point budget, and the scope's open episodes;
 * - alerts report: the active count, page 1 under the operator's filters (state, criticality,
 *   location, node, days), then now and then a deep page (a page number far in, the last page
 *   read backwards, or pages followed by `pagination.next`); the filter panel's options;
 * - messages report: a page under the farm;
 * - thresholds: the farm's (or its location's) thresholds and their latest changes;
 * - parameters: a page of a status view (nodes, sensors, probes, thresholds, placements,
 *   locations) under the farm, and the table's total.
 *
 * Every choice comes from a generator seeded by the client's number, so the cache-on and cache-off
 * runs replay the same operators doing the same things in the same order.
 */
import { createRandom } from '@camposense/db';
import { addCalendarDays, dayInZone, REPORT_MAX_PAGE_OFFSET, zonedDayStart } from '@camposense/domain';

/** Where one node stands: what an operator's scope is made of. */
export interface NodeScope {
  nodoId: number;
  ubicacionId: number;
  fundoId: number;
  empresaId: number;
  paisId: number;
  /** The farm's country's zone: the console shows (and asks days in) it. */
  timeZone: string;
}

/** The farm's data the operators need, read once by the conductor. */
export interface MixData {
  scopes: NodeScope[];
  metricIds: number[];
  criticidadIds: number[];
}

/** The console's report page size (REPORT_PAGE_SIZE) and the deepest page reachable by number. */
const PAGE_SIZE = 20;
const DEEPEST_PAGE = Math.floor(REPORT_MAX_PAGE_OFFSET / PAGE_SIZE) + 1;

/** The client's own seeded stream of numbers in [0, 1): the same client makes the same choices in every run. */
function seededRandom(seed: number): () => number {
  const random = createRandom(seed, 'operator');
  return () => random.next();
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** Query string of the set values only, in the order given (as the console's `queryString`). */
function query(entries: [string, string | number | null | undefined][]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== null && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One operator: the node, location and farm it looks at, and how wide its charts are. */
export interface Operator {
  client: number;
  scope: NodeScope;
  random: () => number;
  /** The dashboard's chart width in pixels rounded down to 100 (the series' `maxPoints`). */
  maxPoints: number;
  /** Screens visited so far (the shell's hierarchy is asked on the first and now and then). */
  visits: number;
}

/**
 * The operators of a run: client `c` looks at node `c mod nodes` (so 200 clients over the demo's
 * 60 nodes are 3–4 operators per node, 25 per farm, each with windows and filters of its own).
 */
export function operatorOf(data: MixData, client: number): Operator {
  const random = seededRandom(0x5eed + client * 7919);
  const scope = data.scopes[client % data.scopes.length]!;
  return { client, scope, random, maxPoints: pick(random, [600, 700, 800, 900, 1000, 1100, 1200, 1400]), visits: 0 };
}

/**
 * A window of days as the dashboard's date picker gives it, in the farm's zone: mostly the last
 * week or a few days, ending today or on a day of the last 30; one time in ten a whole year.
 */
function dayWindow(random: () => number, timeZone: string, now = new Date()): { startDay: string; endDay: string } {
  const today = dayInZone(now, timeZone);
  const roll = random();
  if (roll < 0.1) return { startDay: addCalendarDays(today, -364), endDay: today };
  const endDay = random() < 0.6 ? today : addCalendarDays(today, -between(random, 1, 29));
  const length = roll < 0.5 ? 7 : roll < 0.6 ? 1 : between(random, 2, 30);
  return { startDay: addCalendarDays(endDay, -(length - 1)), endDay };
}

/** The dashboard's instants of a window: the first day's midnight to the midnight after the last. */
function seriesInstants({ startDay, endDay }: { startDay: string; endDay: string }, timeZone: string) {
  return { startDate: zonedDayStart(startDay, timeZone).toISOString(), endDate: zonedDayStart(addCalendarDays(endDay, 1), timeZone).toISOString() };
}

/** The reports' instants of a window: `hasta` is the last millisecond of the last day. */
function reportInstants({ startDay, endDay }: { startDay: string; endDay: string }, timeZone: string) {
  return {
    desde: zonedDayStart(startDay, timeZone).toISOString(),
    hasta: new Date(zonedDayStart(addCalendarDays(endDay, 1), timeZone).getTime() - 1).toISOString(),
  };
}

/** One call: the endpoint it is counted under and its URL. */
export interface Call {
  endpoint: string;
  path: string;
}

/** Answers a call's body (null on a failure, already counted). */
export type Caller = (call: Call) => Promise<string | null>;

const globalScope = (scope: NodeScope): [string, number][] => [
  ['paisId', scope.paisId],
  ['empresaId', scope.empresaId],
  ['fundoId', scope.fundoId],
];

/** The shell's sidebar: countries, the country's companies, the company's farms. */
async function shell(operator: Operator, call: Caller): Promise<void> {
  await call({ endpoint: 'paises', path: '/api/sense/paises' });
  await call({ endpoint: 'empresas?paisId', path: `/api/sense/empresas?paisId=${operator.scope.paisId}` });
  await call({ endpoint: 'fundos?empresaId', path: `/api/sense/fundos?empresaId=${operator.scope.empresaId}` });
}

/** The dashboard: node list, metrics, the farm's locations, ongoing alerts, a chart per metric and the open episodes. */
async function dashboard(operator: Operator, data: MixData, call: Caller): Promise<void> {
  const { random, scope } = operator;
  await call({ endpoint: 'nodos-con-localizacion', path: '/api/sense/nodos-con-localizacion?limit=1000' });
  await call({ endpoint: 'metricas', path: '/api/sense/metricas' });
  await call({ endpoint: 'ubicaciones?fundoId', path: `/api/sense/ubicaciones?fundoId=${scope.fundoId}` });
  await call({ endpoint: 'en-curso', path: '/api/sense/en-curso' });
  // A node chosen most of the time, else the whole location.
  const byNode = random() < 0.7;
  const { startDate, endDate } = seriesInstants(dayWindow(random, scope.timeZone), scope.timeZone);
  for (const metricaId of data.metricIds) {
    const path = `/api/sense/series${query([
      ['metricaId', metricaId],
      byNode ? ['nodoId', scope.nodoId] : ['ubicacionId', scope.ubicacionId],
      ['startDate', startDate],
      ['endDate', endDate],
      ['maxPoints', operator.maxPoints],
      ['tz', scope.timeZone],
    ])}`;
    await call({ endpoint: byNode ? 'series (node)' : 'series (location)', path });
  }
  await call({ endpoint: 'episodes', path: byNode ? `/api/episodes?nodoId=${scope.nodoId}` : `/api/episodes?ubicacionId=${scope.ubicacionId}` });
}

/** The alerts report under the operator's filters, its active count, now and then a deep page. */
async function alertsReport(operator: Operator, data: MixData, call: Caller): Promise<void> {
  const { random, scope } = operator;
  if (operator.visits === 0 || random() < 0.25) {
    await call({ endpoint: 'alertas/filtros', path: `/api/sense/reports/alertas/filtros${query(globalScope(scope))}` });
  }
  const days = random() < 0.5 ? reportInstants(dayWindow(random, scope.timeZone), scope.timeZone) : { desde: null, hasta: null };
  const filters: [string, string | number | null][] = [
    ['estado', random() < 0.6 ? null : pick(random, ['activa', 'procesada', 'cerrada'])],
    ['criticidadId', random() < 0.7 ? null : pick(random, data.criticidadIds)],
    ['ubicacionId', random() < 0.7 ? null : scope.ubicacionId],
    ['nodoId', random() < 0.8 ? null : scope.nodoId],
    ['desde', days.desde],
    ['hasta', days.hasta],
    ...globalScope(scope),
  ];
  const sortOrder = random() < 0.85 ? 'desc' : 'asc';
  const sortBy = random() < 0.85 ? 'fecha' : pick(random, ['valor', 'umbral', 'statusid']);
  const page = (paging: [string, string | number]) =>
    `/api/sense/reports/alertas${query([paging, ['pageSize', PAGE_SIZE], ['sortBy', sortBy], ['sortOrder', sortOrder], ...filters])}`;
  // The header of the report counts the active alerts of the scope (page 1, sorted by date).
  await call({
    endpoint: 'alertas (active count)',
    path: `/api/sense/reports/alertas${query([['page', 1], ['pageSize', PAGE_SIZE], ['sortBy', 'fecha'], ['sortOrder', 'desc'], ['estado', 'activa'], ...globalScope(scope)])}`,
  });
  const first = await call({ endpoint: 'alertas (page 1)', path: page(['page', 1]) });
  if (first === null || random() < 0.6) return;
  const { pagination } = JSON.parse(first) as { pagination: { totalPages: number; next: string | null } };
  const roll = random();
  if (roll < 0.4) {
    // Next, next, next: the cursor of each page asks the one after it.
    let next = pagination.next;
    for (let step = between(random, 1, 3); next && step > 0; step -= 1) {
      const body = await call({ endpoint: 'alertas (next page)', path: page(['after', next]) });
      next = body === null ? null : (JSON.parse(body) as { pagination: { next: string | null } }).pagination.next;
    }
  } else if (pagination.totalPages > 1) {
    // A page jumped to by number, deep in, or the last one (the API reads it backwards).
    const deepest = Math.min(pagination.totalPages, DEEPEST_PAGE);
    const target = roll < 0.75 ? between(random, Math.max(2, Math.floor(deepest / 2)), deepest) : pagination.totalPages;
    await call({ endpoint: 'alertas (deep page)', path: page(['page', target]) });
  }
}

/** The messages report under the farm. */
async function messagesReport(operator: Operator, call: Caller): Promise<void> {
  const { random, scope } = operator;
  const days = random() < 0.5 ? reportInstants(dayWindow(random, scope.timeZone), scope.timeZone) : { desde: null, hasta: null };
  await call({
    endpoint: 'mensajes (page)',
    path: `/api/sense/reports/mensajes${query([
      ['page', random() < 0.8 ? 1 : between(random, 2, 20)],
      ['pageSize', PAGE_SIZE],
      ['sortBy', 'fecha'],
      ['sortOrder', 'desc'],
      ['estado', random() < 0.8 ? null : pick(random, ['enviado', 'fallido'])],
      ['desde', days.desde],
      ['hasta', days.hasta],
      ...globalScope(scope),
    ])}`,
  });
}

/** The thresholds tab: the farm's (or a location's) thresholds and their latest changes. */
async function thresholds(operator: Operator, call: Caller): Promise<void> {
  const { random, scope } = operator;
  const filters: [string, number | null][] = [...globalScope(scope), ['ubicacionId', random() < 0.5 ? scope.ubicacionId : null]];
  await call({ endpoint: 'umbrales', path: `/api/sense/umbrales${query(filters)}` });
  await call({ endpoint: 'umbrales/cambios', path: `/api/sense/umbrales/cambios${query([...filters, ['limit', 20]])}` });
}

/** Status views of the parameters under the farm: by the API's scope, or by the parent column. */
const STATUS_VIEWS: readonly { table: string; sortBy: string | null; scoped: (scope: NodeScope) => [string, string | number] }[] = [
  { table: 'nodo', sortBy: 'nodo', scoped: (scope) => ['scope', `fundo:${scope.fundoId}`] },
  { table: 'sensor', sortBy: null, scoped: (scope) => ['scope', `fundo:${scope.fundoId}`] },
  { table: 'metricasensor', sortBy: null, scoped: (scope) => ['scope', `fundo:${scope.fundoId}`] },
  { table: 'umbral', sortBy: 'umbral', scoped: (scope) => ['scope', `fundo:${scope.fundoId}`] },
  { table: 'localizacion', sortBy: null, scoped: (scope) => ['scope', `fundo:${scope.fundoId}`] },
  { table: 'ubicacion', sortBy: 'ubicacion', scoped: (scope) => ['fundoid', scope.fundoId] },
];

/** A page of a parameters table and the table's total. */
async function parametersTable(operator: Operator, call: Caller): Promise<void> {
  const { random, scope } = operator;
  const view = pick(random, STATUS_VIEWS);
  const sorted = view.sortBy !== null && random() < 0.3;
  await call({
    endpoint: 'table page',
    path: `/api/sense/${view.table}${query([
      ['page', random() < 0.7 ? 1 : between(random, 2, 3)],
      ['pageSize', PAGE_SIZE],
      ['sortBy', sorted ? view.sortBy : null],
      ['sortOrder', sorted ? pick(random, ['asc', 'desc']) : null],
      view.scoped(scope),
    ])}`,
  });
  await call({ endpoint: 'table total', path: `/api/sense/${view.table}?page=1&pageSize=1` });
}

/** The screens and how often an operator opens each. */
const SCREENS: readonly [weight: number, screen: (operator: Operator, data: MixData, call: Caller) => Promise<void>][] = [
  [0.4, dashboard],
  [0.3, alertsReport],
  [0.1, (operator, _data, call) => messagesReport(operator, call)],
  [0.1, (operator, _data, call) => thresholds(operator, call)],
  [0.1, (operator, _data, call) => parametersTable(operator, call)],
];

/** One screen visit of the operator: the shell's lists on the first visit and one in five, then the screen's calls. */
export async function visitScreen(operator: Operator, data: MixData, call: Caller): Promise<void> {
  if (operator.visits === 0 || operator.random() < 0.2) await shell(operator, call);
  let roll = operator.random();
  const [, screen] = SCREENS.find(([weight]) => (roll -= weight) < 0) ?? SCREENS[0]!;
  await screen(operator, data, call);
  operator.visits += 1;
}
