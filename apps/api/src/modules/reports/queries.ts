import type { Database } from '@camposense/db';
import type {
  AlertaFilterOptions,
  AlertaReportFilters,
  AlertaState,
  AlertaReportRow,
  AlertaSortColumn,
  MensajeContacto,
  MensajeFilterOptions,
  MensajeReportFilters,
  MensajeReportRow,
  MensajeState,
  MensajeSortColumn,
  ReportDateRange,
  ReportPage,
  ReportScope,
  SortDirection,
} from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { MAX_PAGE_OFFSET, validationError } from '../tables/queries';
import { isoUtc } from '../../sense/timestamps';
import type { Grant } from '../../security/tenancy';
import { grantedLocations } from '../../security/tenancy';

/**
 * A report's filters as the statements take them: the query's, and the locations of the caller's
 * grant (issue 32) as a subquery of ubicacionid, absent for an admin. Every statement honours it.
 */
interface Granted {
  granted?: SQL | null | undefined;
}
export type AlertaFilters = AlertaReportFilters & Granted;
/**
 * A message belongs to the company it was sent for (`mensaje.empresaid`, docs/tenancy.md): its
 * grant is `ms.empresaid = any(…)` over the caller's companies (null for an admin), the condition
 * row security applies too, on the same indexed column.
 */
export type MensajeFilters = MensajeReportFilters & { grantedCompanies?: SQL | null | undefined };


/*
 * The two reports' statements. Every identifier is written here; a request only picks an entry of
 * the sort whitelists below (its JSON schema already refused anything else) and passes values,
 * which drizzle's `sql` turns into parameters.
 */

interface SortKey {
  /** The expression the rows are ordered by. */
  expression: SQL;
  /**
   * What a keyset bound (a CSV batch's, a page cursor's) carries of the last row, as text: the key
   * itself unless said otherwise. `bound` turns that text back into a value of the key's type.
   */
  carried: SQL;
  bound: (text: string) => SQL;
  /** Whether a text is one the key can carry: a cursor is opaque, not trusted, so a forged one is a 400, not a cast error. */
  carries: (text: string) => boolean;
  /** The key is null for some rows (an alert whose reading is gone): bounds follow NULLS LAST ascending, FIRST descending. */
  nullable?: boolean;
}

const INTEGER_TEXT = /^-?\d{1,9}$/;
const BIGINT_TEXT = /^-?\d{1,18}$/;
/** A timestamptz as PostgreSQL writes it in text (`2026-11-01 10:00:00.123+00`). */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const DOUBLE_TEXT = /^(-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?|-?Infinity|NaN)$/i;
const MAX_TEXT_KEY = 2000;

/** A key carried as itself, read back with `cast`. */
function plainKey(expression: SQL, cast: SQL, carries: (text: string) => boolean, nullable = false): SortKey {
  return { expression, carried: expression, bound: (text) => sql`cast(${text} as ${cast})`, carries, nullable };
}
const textKey = (expression: SQL) => plainKey(expression, sql`text`, (text) => text.length <= MAX_TEXT_KEY);
const integerKey = (expression: SQL) => plainKey(expression, sql`integer`, (text) => INTEGER_TEXT.test(text));
const bigintKey = (expression: SQL) => plainKey(expression, sql`bigint`, (text) => BIGINT_TEXT.test(text));
const timestampKey = (expression: SQL) => plainKey(expression, sql`timestamptz`, (text) => TIMESTAMP_TEXT.test(text));

const ALERTA_SORT: Record<AlertaSortColumn, SortKey> = {
  alertaid: bigintKey(sql`a.alertaid`),
  umbral: textKey(sql`u.umbral`),
  valor: plainKey(sql`m.medicion`, sql`double precision`, (text) => DOUBLE_TEXT.test(text), true),
  fecha: timestampKey(sql`a.fecha`),
  datecreated: timestampKey(sql`a.datecreated`),
  statusid: integerKey(sql`a.statusid`),
};

/** The name the contact cell shows: first and last name, else the login, else `Contact {id}`. */
const contactName = (contactoid: SQL) =>
  sql`coalesce(nullif(trim(concat_ws(' ', us.firstname, us.lastname)), ''), us.login, 'Contact ' || ${contactoid})`;
const CONTACT_NAME = contactName(sql`ms.contactoid`);

const MENSAJE_SORT: Record<MensajeSortColumn, SortKey> = {
  mensajeid: bigintKey(sql`ms.mensajeid`),
  // The bound carries the contact's id and looks its name up: a page cursor is given to readers,
  // and a name without first and last name is the login, which a reader is not shown.
  contacto: {
    expression: CONTACT_NAME,
    carried: sql`ms.contactoid`,
    bound: (text) => sql`(select ${contactName(sql`c.contactoid`)} from sense.contacto c
      left join sense.usuario us on us.usuarioid = c.usuarioid where c.contactoid = cast(${text} as integer))`,
    carries: (text) => INTEGER_TEXT.test(text),
  },
  mensaje: textKey(sql`ms.mensaje`),
  fecha: timestampKey(sql`ms.fecha`),
  datecreated: timestampKey(sql`ms.datecreated`),
  statusid: integerKey(sql`ms.statusid`),
};

export interface ReportSort<Column extends string> {
  sortBy: Column;
  sortOrder: SortDirection;
}

/** Where a keyset batch resumes: what the last row's sort key carries (as text; null for a null key) and its id. */
export interface KeysetBound {
  sortKey: string | null;
  id: number;
}

const ALERTA_STATUS: Record<AlertaState, number> = { activa: 1, procesada: -1, cerrada: 0 };

function whereAll(conditions: SQL[]): SQL {
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * The locations of the global selection (the narrowest of fundo, empresa, pais given), as a
 * subquery of ubicacionid; null when nothing is selected.
 */
function scopeLocations({ paisId, empresaId, fundoId }: ReportScope): SQL | null {
  if (fundoId) return sql`select ub.ubicacionid from sense.ubicacion ub where ub.fundoid = ${fundoId}`;
  if (empresaId) {
    return sql`select ub.ubicacionid from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid
      where f.empresaid = ${empresaId}`;
  }
  if (paisId) {
    return sql`select ub.ubicacionid from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid
      join sense.empresa e on e.empresaid = f.empresaid where e.paisid = ${paisId}`;
  }
  return null;
}

/** `desde` ≤ column < `hasta`. */
function dateRange(column: SQL, { desde, hasta }: ReportDateRange): SQL[] {
  return [
    ...(desde ? [sql`${column} >= ${desde}::timestamptz`] : []),
    ...(hasta ? [sql`${column} < ${hasta}::timestamptz`] : []),
  ];
}

/**
 * The alert filters as conditions. The hierarchy (pais, empresa, fundo) is a semi-join through
 * the threshold's location, so the outer query keeps one row per alert and can use its own order.
 */
export function alertaConditions(filters: AlertaFilters): SQL[] {
  return [...stateCondition(filters), ...thresholdConditions(filters), ...dateRange(sql`a.fecha`, filters)];
}

function stateCondition(filters: AlertaFilters): SQL[] {
  return filters.estado ? [sql`a.statusid = ${ALERTA_STATUS[filters.estado]}`] : [];
}

/** The filters that choose thresholds (criticality, location, node, the global selection), on `u`. */
function thresholdConditions(filters: AlertaFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.criticidadId) conditions.push(sql`u.criticidadid = ${filters.criticidadId}`);
  if (filters.ubicacionId) conditions.push(sql`u.ubicacionid = ${filters.ubicacionId}`);
  if (filters.nodoId) conditions.push(sql`u.nodoid = ${filters.nodoId}`);
  const scope = scopeLocations(filters);
  if (scope) conditions.push(sql`u.ubicacionid in (${scope})`);
  if (filters.granted) conditions.push(sql`u.ubicacionid in (${filters.granted})`);
  return conditions;
}

/**
 * The thresholds the filters choose, read before the alerts (null: the filters choose none, every
 * alert's threshold will do). Given to the alert statements as a list of ids, the planner weighs
 * it against the column's statistics and knows how many alerts it keeps: through the location
 * join it guessed a few, picked a country's alerts threshold by threshold and sorted them all
 * (178 ms for a first page of 600k alerts), where walking the date index finds 20 at once.
 */
export type ChosenThresholds = readonly number[] | null;

/** Alert conditions with the thresholds already chosen: on `alerta` alone. */
function chosenConditions(filters: AlertaFilters, thresholds: ChosenThresholds): SQL[] {
  return [
    ...stateCondition(filters),
    ...(thresholds === null ? [] : [sql`a.umbralid = any(${`{${thresholds.join(',')}}`}::int[])`]),
    ...dateRange(sql`a.fecha`, filters),
  ];
}

const MENSAJE_STATUS: Record<MensajeState, number> = { enviado: 1, fallido: 0, procesado: -1 };

/**
 * The message filters as conditions, on `mensaje` alone (semi-joins), so counting needs no join.
 * A message belongs to the company it was sent for (`mensaje.empresaid`, docs/tenancy.md): the
 * grant (`grantedCompanies`) and a selection by country or company read that column, indexed with
 * the date. A farm is reached through the message's alert's threshold, or through its episode (a
 * threshold's location, or for a no-data episode its node's active location), within the farm's
 * company. Both once went through the threshold's location alone: a count then read every alert
 * and episode of the granted companies twice more (106 ms a call under load, issue 31), and a
 * message sent for a company vanished from its report once its threshold moved to another.
 */
export function mensajeConditions(filters: MensajeFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.grantedCompanies) conditions.push(filters.grantedCompanies);
  if (filters.contactoId) conditions.push(sql`ms.contactoid = ${filters.contactoId}`);
  if (filters.estado) conditions.push(sql`ms.statusid = ${MENSAJE_STATUS[filters.estado]}`);
  if (filters.medioId) {
    conditions.push(sql`ms.contactoid in (select ct.contactoid from sense.contacto ct where ct.medioid = ${filters.medioId})`);
  }
  const { paisId, empresaId, fundoId } = filters;
  // The selection's company is the one each message was sent for, as the grant's; a farm is then
  // reached through the alert's threshold or the episode, within the farm's company.
  if (fundoId) conditions.push(sql`ms.empresaid = (select sf.empresaid from sense.fundo sf where sf.fundoid = ${fundoId})`);
  else if (empresaId) conditions.push(sql`ms.empresaid = ${empresaId}`);
  else if (paisId) conditions.push(sql`ms.empresaid in (select se.empresaid from sense.empresa se where se.paisid = ${paisId})`);
  const scope = fundoId ? scopeLocations({ fundoId }) : null;
  if (scope) {
    conditions.push(sql`(ms.alertaid in (select sa.alertaid from sense.alerta sa join sense.umbral su on su.umbralid = sa.umbralid
        where su.ubicacionid in (${scope}))
      or ms.episodioid in (select se.episodioid from sense.episodio se left join sense.umbral su on su.umbralid = se.umbralid
        where su.ubicacionid in (${scope})
           or (se.umbralid is null and se.nodoid in (
             select sl.nodoid from sense.localizacion sl where sl.statusid = 1 and sl.ubicacionid in (${scope})))))`);
  }
  conditions.push(...dateRange(sql`ms.fecha`, filters));
  return conditions;
}

const direction = (order: SortDirection) => (order === 'desc' ? sql`desc` : sql`asc`);

const opposite = (order: SortDirection): SortDirection => (order === 'desc' ? 'asc' : 'desc');

/** `order by` the chosen key, then the id in the same direction, so pages and batches are stable. */
function orderBy(key: SortKey, id: SQL, order: SortDirection): SQL {
  return sql`order by ${key.expression} ${direction(order)}, ${id} ${direction(order)}`;
}

/**
 * Rows after `bound` in the sort order (PostgreSQL's: ascending puts NULLs last, descending first).
 * Written as `key <= b and (key < b or id < i)` rather than a row comparison, so an index on the
 * key (alerta.fecha, mensaje.fecha) bounds the scan.
 */
function keysetCondition(key: SortKey, id: SQL, order: SortDirection, bound: KeysetBound | undefined): SQL[] {
  if (!bound) return [];
  const [orEqual, strictly] = order === 'desc' ? [sql`<=`, sql`<`] : [sql`>=`, sql`>`];
  if (bound.sortKey === null) {
    // Only a nullable key is null: its NULLs come last ascending, first descending.
    return order === 'asc'
      ? [sql`${key.expression} is null`, sql`${id} > ${bound.id}`]
      : [sql`(${key.expression} is not null or ${id} < ${bound.id})`];
  }
  const value = key.bound(bound.sortKey);
  const conditions = [sql`${key.expression} ${orEqual} ${value}`, sql`(${key.expression} ${strictly} ${value} or ${id} ${strictly} ${bound.id})`];
  // Ascending, the NULLs of a nullable key follow every value.
  return key.nullable && order === 'asc' ? [sql`((${sql.join(conditions, sql` and `)}) or ${key.expression} is null)`] : conditions;
}

/**
 * Where the alerts are picked from: the threshold and the reading joined only when a filter or the
 * sort reads them. PostgreSQL drops an unread left join on a key, but not before it has decided
 * which columns to read, so even a dropped join kept the date order off its index-only scan; and it
 * cannot drop one on the partitioned `medicion`, which it probed for every alert the order walked
 * (or the offset skipped): a middle page of 600k alerts took 800 ms.
 */
function alertaFrom(readsThresholdFilters: boolean, sortBy: AlertaSortColumn): SQL {
  const readsThreshold = sortBy === 'umbral' || readsThresholdFilters;
  return sql.join(
    [
      sql`from sense.alerta a`,
      ...(readsThreshold ? [sql`left join sense.umbral u on u.umbralid = a.umbralid`] : []),
      ...(sortBy === 'valor' ? [sql`left join sense.medicion m on m.medicionid = a.medicionid and m.fecha = a.fecha`] : []),
    ],
    sql` `,
  );
}

/**
 * The active alerts acknowledging this one would take (modules/alerts: its episode's, or for an
 * alert written before episodes its threshold's without one): counted for the page's rows only,
 * through the episode and threshold indexes, so the button can say how many.
 */
const EPISODE_ACTIVE = sql`case when a.statusid <> 1 then 0 when a.episodioid is null
  then (select count(*)::int from sense.alerta x where x.statusid = 1 and x.umbralid = a.umbralid and x.episodioid is null)
  else (select count(*)::int from sense.alerta x where x.statusid = 1 and x.episodioid = a.episodioid) end`;

/** Who acknowledged, by name: first and last name, null without one (never the login: readers get this too). */
const ACKNOWLEDGER_NAME = sql`nullif(trim(concat_ws(' ', ack.firstname, ack.lastname)), '')`;

const ALERTA_COLUMNS = sql`a.alertaid, a.umbralid, a.medicionid,
  ${isoUtc(sql`a.fecha`)} as fecha, ${isoUtc(sql`a.datecreated`)} as datecreated, a.statusid,
  case when u.umbralid is null then null else jsonb_build_object(
    'umbralid', u.umbralid, 'umbral', u.umbral, 'ubicacionid', u.ubicacionid, 'nodoid', u.nodoid,
    'tipoid', u.tipoid, 'metricaid', u.metricaid, 'criticidadid', u.criticidadid,
    'minimo', u.minimo, 'maximo', u.maximo) end as umbral,
  case when m.medicionid is null then null else jsonb_build_object(
    'medicionid', m.medicionid, 'fecha', ${isoUtc(sql`m.fecha`)}, 'medicion', m.medicion, 'nodoid', m.nodoid,
    'tipoid', m.tipoid, 'metricaid', m.metricaid, 'ubicacionid', m.ubicacionid) end as medicion,
  m.medicion as valor, n.nodo, ub.ubicacion, me.metrica, me.unidad, cr.criticidad, cr.grado, a.episodioid,
  ${EPISODE_ACTIVE} as episodioactivas,
  case when ack.usuarioid is null then null else jsonb_build_object(
    'usuarioid', ack.usuarioid, 'firstname', ack.firstname, 'lastname', ack.lastname) end as reconocidopor,
  ${isoUtc(sql`a.fechareconocido`)} as fechareconocido, a.notareconocido`;

/** The alert columns of the CSV: names resolved in SQL, one flat row per alert. */
const ALERTA_CSV_COLUMNS = sql`a.alertaid, u.umbral, cr.criticidad, n.nodo, ub.ubicacion, me.metrica, me.unidad,
  u.minimo, u.maximo, m.medicion as valor,
  ${isoUtc(sql`a.fecha`)} as fecha, ${isoUtc(sql`a.datecreated`)} as datecreated, a.statusid,
  a.reconocidopor, ${ACKNOWLEDGER_NAME} as reconocidopor_nombre, ${isoUtc(sql`a.fechareconocido`)} as fechareconocido, a.notareconocido`;

const MENSAJE_FROM = sql`from sense.mensaje ms
  left join sense.contacto c on c.contactoid = ms.contactoid
  left join sense.usuario us on us.usuarioid = c.usuarioid`;

const MENSAJE_COLUMNS = sql`ms.mensajeid, ms.contactoid, ms.alertaid, ms.mensaje,
  ${isoUtc(sql`ms.fecha`)} as fecha, ${isoUtc(sql`ms.datecreated`)} as datecreated, ms.statusid,
  case when c.contactoid is null then null else jsonb_build_object(
    'contactoid', c.contactoid, 'usuarioid', c.usuarioid, 'medioid', c.medioid,
    'usuario', case when us.usuarioid is null then null else jsonb_build_object(
      'usuarioid', us.usuarioid, 'firstname', us.firstname, 'lastname', us.lastname, 'login', us.login) end) end as contacto`;

const MENSAJE_CSV_COLUMNS = sql`ms.mensajeid, ${CONTACT_NAME} as contacto, ms.contactoid, c.usuarioid as contact_usuarioid,
  (nullif(trim(concat_ws(' ', us.firstname, us.lastname)), '') is null and us.login is not null) as contact_named_by_login, ms.mensaje,
  ${isoUtc(sql`ms.fecha`)} as fecha, ${isoUtc(sql`ms.datecreated`)} as datecreated, ms.statusid, ms.alertaid`;

export interface AlertaCsvRow {
  alertaid: number;
  umbral: string | null;
  criticidad: string | null;
  nodo: string | null;
  ubicacion: string | null;
  metrica: string | null;
  unidad: string | null;
  minimo: number | null;
  maximo: number | null;
  valor: number | null;
  fecha: string | null;
  datecreated: string | null;
  statusid: number;
  /** Who acknowledged (their id), their name (null without one: the CSV writes `Usuario {id}`), when and the note. */
  reconocidopor: number | null;
  reconocidopor_nombre: string | null;
  fechareconocido: string | null;
  notareconocido: string | null;
  sort_key: string | null;
}

export interface MensajeCsvRow {
  mensajeid: number;
  contacto: string;
  contactoid: number;
  /** The contact's user, and whether the cell shows their login (no names): a reader gets `Contact {id}` instead. */
  contact_usuarioid: number | null;
  contact_named_by_login: boolean;
  mensaje: string;
  fecha: string | null;
  datecreated: string | null;
  statusid: number;
  alertaid: number | null;
  sort_key: string | null;
}

/** A page by number (from 1), or the page after a cursor (`pagination.next` of the page before). */
export interface PageRequest {
  page: number;
  pageSize: number;
  after?: string | undefined;
}

/**
 * Which rows of the order a page statement picks: `limit` rows after skipping `offset`, counted
 * from the start, or from the end (`fromEnd`: a page near the end, read backwards and answered in
 * the order asked), or the rows after a keyset bound (a cursor's page).
 */
export interface PageWindow {
  limit: number;
  offset: number;
  fromEnd?: boolean;
  after?: KeysetBound | undefined;
}

/** A report page: the rows, and the pagination with the cursor of the page that follows (null on the last): the domain's, as the contract's pages answer it. */
export type { ReportPage };

/**
 * The alert statements take the chosen thresholds (alertaThresholds' ids) when they were read
 * first, as the routes do; without them the threshold filters are joined in.
 */
export interface ReportStatements {
  /** The ids of the thresholds the filters choose, or null when no filter chooses thresholds. */
  alertaThresholds(filters: AlertaFilters): SQL | null;
  /** A page's rows, each with `sort_key`: what a cursor after it carries. */
  alertasPage(filters: AlertaFilters, sort: ReportSort<AlertaSortColumn>, window: PageWindow, thresholds?: ChosenThresholds): SQL;
  alertasCount(filters: AlertaFilters, thresholds?: ChosenThresholds): SQL;
  alertasBatch(filters: AlertaFilters, sort: ReportSort<AlertaSortColumn>, size: number, after?: KeysetBound, thresholds?: ChosenThresholds): SQL;
  mensajesPage(filters: MensajeFilters, sort: ReportSort<MensajeSortColumn>, window: PageWindow): SQL;
  mensajesCount(filters: MensajeFilters): SQL;
  mensajesBatch(filters: MensajeFilters, sort: ReportSort<MensajeSortColumn>, size: number, after?: KeysetBound): SQL;
}

/*
 * Every statement picks its rows first, in a subquery over `alerta` (or `mensaje`) alone with just
 * the joins its filters and sort need (PostgreSQL drops a left join on a key that nothing reads), so
 * the order and limit can walk the date index; only those rows are then joined and built as JSON.
 */

function alertaRows(
  filters: AlertaFilters,
  sort: ReportSort<AlertaSortColumn>,
  { limit, offset, fromEnd = false, after }: PageWindow,
  thresholds: ChosenThresholds | undefined,
): SQL {
  const key = ALERTA_SORT[sort.sortBy];
  const filtering = thresholds === undefined ? alertaConditions(filters) : chosenConditions(filters, thresholds);
  const conditions = [...filtering, ...keysetCondition(key, sql`a.alertaid`, sort.sortOrder, after)];
  const readsThresholdFilters = thresholds === undefined && thresholdConditions(filters).length > 0;
  // Only the ids are picked: with the default order (fecha) and no filter on the threshold or state
  // the offset then walks the date index alone, without visiting an alert it skips.
  const order = fromEnd ? opposite(sort.sortOrder) : sort.sortOrder;
  return sql`(select a.alertaid ${alertaFrom(readsThresholdFilters, sort.sortBy)} ${whereAll(conditions)} ${orderBy(key, sql`a.alertaid`, order)}
    limit ${limit} ${offset > 0 ? sql`offset ${offset}` : sql``}) picked join sense.alerta a on a.alertaid = picked.alertaid`;
}

function mensajeRows(filters: MensajeFilters, sort: ReportSort<MensajeSortColumn>, { limit, offset, fromEnd = false, after }: PageWindow): SQL {
  const key = MENSAJE_SORT[sort.sortBy];
  const conditions = [...mensajeConditions(filters), ...keysetCondition(key, sql`ms.mensajeid`, sort.sortOrder, after)];
  const order = fromEnd ? opposite(sort.sortOrder) : sort.sortOrder;
  return sql`(select ms.* ${MENSAJE_FROM} ${whereAll(conditions)} ${orderBy(key, sql`ms.mensajeid`, order)}
    limit ${limit} ${offset > 0 ? sql`offset ${offset}` : sql``}) ms`;
}

/**
 * Run on the rows already picked (a page or a batch), so the names cost a lookup per row shown, not
 * per alert. The reading is a lateral subquery kept out of the join search (`offset 0`): joined to
 * partitioned `medicion` (a partition a month) the planner weighed every partition in every join
 * order, and planning a page took 7.5–11.5 ms for 0.5 ms of work; kept apart, about 2 ms, and the
 * partitions are still pruned as each row is read (issue 31, bench/results/load-cheaper.md).
 */
const ALERTA_JOINS = sql`left join sense.umbral u on u.umbralid = a.umbralid
  left join lateral (select rm.medicionid, rm.fecha, rm.medicion, rm.nodoid, rm.tipoid, rm.metricaid, rm.ubicacionid
                       from sense.medicion rm where rm.medicionid = a.medicionid and rm.fecha = a.fecha offset 0) m on true
  left join sense.usuario ack on ack.usuarioid = a.reconocidopor
  left join sense.nodo n on n.nodoid = u.nodoid
  left join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
  left join sense.metrica me on me.metricaid = u.metricaid
  left join sense.criticidad cr on cr.criticidadid = u.criticidadid`;

const MENSAJE_JOINS = sql`left join sense.contacto c on c.contactoid = ms.contactoid
  left join sense.usuario us on us.usuarioid = c.usuarioid`;

/** The statements alone: the routes run them, the benchmark times them bare. */
export const reportStatements: ReportStatements = {
  alertaThresholds(filters) {
    const conditions = thresholdConditions(filters);
    return conditions.length > 0 ? sql`select u.umbralid from sense.umbral u ${whereAll(conditions)}` : null;
  },
  alertasPage(filters, sort, window, thresholds) {
    const key = ALERTA_SORT[sort.sortBy];
    // Picked backwards for a page near the end, answered in the order asked.
    return sql`select ${ALERTA_COLUMNS}, (${key.carried})::text as sort_key from ${alertaRows(filters, sort, window, thresholds)}
      ${ALERTA_JOINS} ${orderBy(key, sql`a.alertaid`, sort.sortOrder)}`;
  },
  alertasCount(filters, thresholds) {
    if (thresholds !== undefined) {
      const conditions = chosenConditions(filters, thresholds);
      // Every filter but the dates is the threshold's or the state: summed from the kept counts
      // (migration 0014, alerta_conteo), exact and a few thousand rows however many alerts there are.
      if (!filters.desde && !filters.hasta) return sql`select coalesce(sum(a.n), 0)::int as total from sense.alerta_conteo a ${whereAll(conditions)}`;
      return sql`select count(*)::int as total from sense.alerta a ${whereAll(conditions)}`;
    }
    const conditions = alertaConditions(filters);
    const needsThreshold = conditions.length > 0;
    if (!filters.desde && !filters.hasta) {
      // Every filter but the dates is the threshold's or the state: summed from the kept counts
      // (migration 0014, alerta_conteo), exact and a few thousand rows however many alerts there are.
      const from = needsThreshold ? sql`from sense.alerta_conteo a join sense.umbral u on u.umbralid = a.umbralid` : sql`from sense.alerta_conteo a`;
      return sql`select coalesce(sum(a.n), 0)::int as total ${from} ${whereAll(conditions)}`;
    }
    // Without filters the threshold join cannot drop or duplicate an alert (left join on its key).
    const from = needsThreshold ? sql`from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid` : sql`from sense.alerta a`;
    return sql`select count(*)::int as total ${from} ${whereAll(conditions)}`;
  },
  alertasBatch(filters, sort, size, after, thresholds) {
    const key = ALERTA_SORT[sort.sortBy];
    return sql`select ${ALERTA_CSV_COLUMNS}, (${key.carried})::text as sort_key from ${alertaRows(filters, sort, { limit: size, offset: 0, after }, thresholds)}
      ${ALERTA_JOINS} ${orderBy(key, sql`a.alertaid`, sort.sortOrder)}`;
  },
  mensajesPage(filters, sort, window) {
    const key = MENSAJE_SORT[sort.sortBy];
    return sql`select ${MENSAJE_COLUMNS}, (${key.carried})::text as sort_key from ${mensajeRows(filters, sort, window)}
      ${MENSAJE_JOINS} ${orderBy(key, sql`ms.mensajeid`, sort.sortOrder)}`;
  },
  mensajesCount(filters) {
    return sql`select count(*)::int as total from sense.mensaje ms ${whereAll(mensajeConditions(filters))}`;
  },
  mensajesBatch(filters, sort, size, after) {
    const key = MENSAJE_SORT[sort.sortBy];
    return sql`select ${MENSAJE_CSV_COLUMNS}, (${key.carried})::text as sort_key from ${mensajeRows(filters, sort, { limit: size, offset: 0, after })}
      ${MENSAJE_JOINS} ${orderBy(key, sql`ms.mensajeid`, sort.sortOrder)}`;
  },
};

/** Rows in batches of `size`, each batch its own short query (no connection held between them). */
async function* keysetBatches<Row extends { sort_key: string | null }>(
  database: Database,
  size: number,
  idOf: (row: Row) => number,
  statement: (after: KeysetBound | undefined) => SQL,
): AsyncGenerator<Row[]> {
  let after: KeysetBound | undefined;
  for (;;) {
    const rows = await database.query<Row>(statement(after));
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { sortKey: last.sort_key, id: idOf(last) };
  }
}

/**
 * What a report cursor carries: the page it opens, the report and sort it belongs to
 * (`alertas fecha desc`), and the bound of the row before it.
 */
export interface ReportCursor {
  page: number;
  sort: string;
  bound: KeysetBound;
}

type ReportName = 'alertas' | 'mensajes';
const sortSignature = (report: ReportName, { sortBy, sortOrder }: ReportSort<string>) => `${report} ${sortBy} ${sortOrder}`;

/** The opaque text of a cursor (exported for tests that start deep in a report without walking to it). */
export function encodeReportCursor({ page, sort, bound }: ReportCursor): string {
  return Buffer.from(JSON.stringify([page, sort, bound.sortKey, bound.id]), 'utf8').toString('base64url');
}

/** The largest page number a cursor may open: the page parameter's own maximum. */
const MAX_CURSOR_PAGE = 2_147_483_647;

const refusedCursor = () =>
  validationError(
    [{ field: 'after', rule: 'format' }],
    'El cursor `after` no es válido para este orden: use `pagination.next` de la página anterior con los mismos filtros y orden',
  );

/** The cursor of `after=`; 400 naming `after` when it is not one of ours, belongs to another sort, or carries what its key cannot. */
function decodeReportCursor(text: string, signature: string, key: SortKey): ReportCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refusedCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refusedCursor();
  const [page, sort, sortKey, id] = parsed as unknown[];
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 2 || page > MAX_CURSOR_PAGE || sort !== signature) throw refusedCursor();
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw refusedCursor();
  if (sortKey === null ? !key.nullable : typeof sortKey !== 'string' || !key.carries(sortKey)) throw refusedCursor();
  return { page, sort, bound: { sortKey: sortKey as string | null, id } };
}

/**
 * The deepest a page by number reaches from either end, and the 400 past it: the same contract as
 * the table pages (modules/tables/queries.ts, MAX_PAGE_OFFSET), so no report page costs its depth.
 */
function deepPageRefused(page: number, pageSize: number) {
  const deepest = Math.floor(MAX_PAGE_OFFSET / pageSize) + 1;
  return validationError(
    [{ field: 'page', rule: 'maximum', limit: deepest }],
    `La página ${page} está demasiado lejos de los extremos del informe (se llega hasta la ${deepest} desde el principio y otro tanto desde el final): ` +
      'siga `pagination.next` con `after`, o acote con filtros o fechas',
  );
}

/**
 * A report page: by number within MAX_PAGE_OFFSET rows of either end (near the end read backwards
 * from it), or after a cursor at any depth; with the cursor of the page that follows.
 */
async function reportPage<Row extends { sort_key?: string | null }>(
  report: ReportName,
  sort: ReportSort<string>,
  key: SortKey,
  { page, pageSize, after }: PageRequest,
  idOf: (row: Row) => number,
  read: (window: PageWindow) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<ReportPage<Omit<Row, 'sort_key'>>> {
  let number = page;
  let rows: Row[];
  let total: number;
  if (after !== undefined) {
    const cursor = decodeReportCursor(after, sortSignature(report, sort), key);
    number = cursor.page;
    [rows, total] = await Promise.all([read({ limit: pageSize, offset: 0, after: cursor.bound }), count()]);
  } else {
    const offset = (page - 1) * pageSize;
    if (offset <= MAX_PAGE_OFFSET) {
      [rows, total] = await Promise.all([read({ limit: pageSize, offset }), count()]);
    } else {
      total = await count();
      // The rows of the report after this page: a page near the end is read backwards from the end.
      const following = total - offset - pageSize;
      if (offset >= total) rows = [];
      else if (following <= MAX_PAGE_OFFSET) rows = await read({ limit: Math.min(pageSize, total - offset), offset: Math.max(0, following), fromEnd: true });
      else throw deepPageRefused(page, pageSize);
    }
  }
  const last = rows.at(-1);
  const next =
    last && rows.length === pageSize && number * pageSize < total
      ? encodeReportCursor({ page: number + 1, sort: sortSignature(report, sort), bound: { sortKey: last.sort_key ?? null, id: idOf(last) } })
      : null;
  const data = rows.map(({ sort_key: _carried, ...row }) => row);
  return { data, pagination: { page: number, pageSize, total, totalPages: Math.ceil(total / pageSize), next } };
}

type Carrying<Row> = Row & { sort_key: string | null };

export interface ReportQueries {
  alertas(filters: AlertaFilters, sort: ReportSort<AlertaSortColumn>, page: PageRequest): Promise<ReportPage<AlertaReportRow>>;
  mensajes(filters: MensajeFilters, sort: ReportSort<MensajeSortColumn>, page: PageRequest): Promise<ReportPage<MensajeReportRow>>;
  alertaFilterOptions(filters: Pick<AlertaFilters, 'paisId' | 'empresaId' | 'fundoId'>, grant: Grant): Promise<AlertaFilterOptions>;
  mensajeFilterOptions(): Promise<MensajeFilterOptions>;
  alertasCsvBatches(filters: AlertaFilters, sort: ReportSort<AlertaSortColumn>, size: number): AsyncGenerator<AlertaCsvRow[]>;
  mensajesCsvBatches(filters: MensajeFilters, sort: ReportSort<MensajeSortColumn>, size: number): AsyncGenerator<MensajeCsvRow[]>;
}

/**
 * The report pages' statements run prepared, named by their text (issue 31): one shape per
 * combination of filters present, sort and kind of window, every value a parameter, so the
 * connection parses each shape once, not on every page asked.
 */
const PREPARED = { prepare: true } as const;

export function createReportQueries(database: Database): ReportQueries {
  async function chosenThresholds(filters: AlertaFilters): Promise<ChosenThresholds> {
    const statement = reportStatements.alertaThresholds(filters);
    if (!statement) return null;
    return (await database.query<{ umbralid: number }>(statement, PREPARED)).map((row) => row.umbralid);
  }
  const total = async (statement: SQL) => (await database.query<{ total: number }>(statement, PREPARED))[0]?.total ?? 0;
  return {
    async alertas(filters, sort, page) {
      const thresholds = await chosenThresholds(filters);
      return reportPage<Carrying<AlertaReportRow>>(
        'alertas',
        sort,
        ALERTA_SORT[sort.sortBy],
        page,
        (row) => row.alertaid,
        (window) => database.query(reportStatements.alertasPage(filters, sort, window, thresholds), PREPARED),
        () => total(reportStatements.alertasCount(filters, thresholds)),
      );
    },
    async mensajes(filters, sort, page) {
      return reportPage<Carrying<MensajeReportRow>>(
        'mensajes',
        sort,
        MENSAJE_SORT[sort.sortBy],
        page,
        (row) => row.mensajeid,
        (window) => database.query(reportStatements.mensajesPage(filters, sort, window), PREPARED),
        () => total(reportStatements.mensajesCount(filters)),
      );
    },
    async alertaFilterOptions({ paisId, empresaId, fundoId }, grant) {
      const granted = grantedLocations(grant);
      const conditions: SQL[] = granted ? [sql`ub.ubicacionid in (${granted})`] : [];
      if (fundoId) conditions.push(sql`f.fundoid = ${fundoId}`);
      if (empresaId) conditions.push(sql`f.empresaid = ${empresaId}`);
      if (paisId) conditions.push(sql`e.paisid = ${paisId}`);
      const scope = scopeLocations({ paisId, empresaId, fundoId });
      const [criticidades, ubicaciones, nodos] = await Promise.all([
        database.query<AlertaFilterOptions['criticidades'][number]>(
          sql`select criticidadid, criticidad, grado from sense.criticidad order by grado, criticidad, criticidadid`,
        ),
        database.query<AlertaFilterOptions['ubicaciones'][number]>(sql`select ub.ubicacionid, ub.ubicacion, f.fundoid, f.fundo
          from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid join sense.empresa e on e.empresaid = f.empresaid
          ${whereAll(conditions)} order by f.fundo, ub.ubicacion, ub.ubicacionid`),
        database.query<AlertaFilterOptions['nodos'][number]>(sql`select n.nodoid, n.nodo,
            array_agg(distinct u.ubicacionid order by u.ubicacionid)::int[] as ubicacionids
          from sense.umbral u join sense.nodo n on n.nodoid = u.nodoid
          ${whereAll([...(scope ? [sql`u.ubicacionid in (${scope})`] : []), ...(granted ? [sql`u.ubicacionid in (${granted})`] : [])])}
          group by n.nodoid, n.nodo order by n.nodo, n.nodoid`),
      ]);
      return { criticidades, ubicaciones, nodos };
    },
    async mensajeFilterOptions() {
      const [contactos, medios] = await Promise.all([
        database.query<MensajeContacto>(sql`select c.contactoid, c.usuarioid, c.medioid,
            case when us.usuarioid is null then null else jsonb_build_object(
              'usuarioid', us.usuarioid, 'firstname', us.firstname, 'lastname', us.lastname, 'login', us.login) end as usuario
          from sense.contacto c left join sense.usuario us on us.usuarioid = c.usuarioid
          order by coalesce(nullif(trim(concat_ws(' ', us.firstname, us.lastname)), ''), us.login, 'Contact ' || c.contactoid), c.contactoid`),
        database.query<MensajeFilterOptions['medios'][number]>(sql`select medioid, nombre from sense.medio order by nombre, medioid`),
      ]);
      return { contactos, medios };
    },
    async *alertasCsvBatches(filters, sort, size) {
      // Chosen once for the whole export: every batch reads the same alerts' thresholds.
      const thresholds = await chosenThresholds(filters);
      yield* keysetBatches<AlertaCsvRow>(database, size, (row) => row.alertaid, (after) =>
        reportStatements.alertasBatch(filters, sort, size, after, thresholds),
      );
    },
    mensajesCsvBatches(filters, sort, size) {
      return keysetBatches<MensajeCsvRow>(database, size, (row) => row.mensajeid, (after) =>
        reportStatements.mensajesBatch(filters, sort, size, after),
      );
    },
  };
}
