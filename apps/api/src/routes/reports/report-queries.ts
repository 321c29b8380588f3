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
  PaginatedRows,
  ReportDateRange,
  ReportScope,
  SortDirection,
} from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/*
 * The two reports' statements. Every identifier is written here; a request only picks an entry of
 * the sort whitelists below (its JSON schema already refused anything else) and passes values,
 * which drizzle's `sql` turns into parameters.
 */

/** ISO 8601 in UTC, built by the database so both drivers answer the same text. */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface SortKey {
  /** The expression the rows are ordered by. */
  expression: SQL;
  /** Its type, so a keyset bound read back as text compares as the same type. */
  cast: SQL;
}

const ALERTA_SORT: Record<AlertaSortColumn, SortKey> = {
  alertaid: { expression: sql`a.alertaid`, cast: sql`bigint` },
  umbral: { expression: sql`u.umbral`, cast: sql`text` },
  valor: { expression: sql`m.medicion`, cast: sql`double precision` },
  fecha: { expression: sql`a.fecha`, cast: sql`timestamptz` },
  datecreated: { expression: sql`a.datecreated`, cast: sql`timestamptz` },
  statusid: { expression: sql`a.statusid`, cast: sql`integer` },
};

/** The name the contact cell shows: first and last name, else the login, else `Contact {id}`. */
const CONTACT_NAME = sql`coalesce(nullif(trim(concat_ws(' ', us.firstname, us.lastname)), ''), us.login, 'Contact ' || ms.contactoid)`;

const MENSAJE_SORT: Record<MensajeSortColumn, SortKey> = {
  mensajeid: { expression: sql`ms.mensajeid`, cast: sql`bigint` },
  contacto: { expression: CONTACT_NAME, cast: sql`text` },
  mensaje: { expression: sql`ms.mensaje`, cast: sql`text` },
  fecha: { expression: sql`ms.fecha`, cast: sql`timestamptz` },
  datecreated: { expression: sql`ms.datecreated`, cast: sql`timestamptz` },
  statusid: { expression: sql`ms.statusid`, cast: sql`integer` },
};

export interface ReportSort<Column extends string> {
  sortBy: Column;
  sortOrder: SortDirection;
}

/** Where a keyset batch resumes: the last row's sort value (as text) and id. */
export interface KeysetBound {
  sortKey: string;
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
export function alertaConditions(filters: AlertaReportFilters): SQL[] {
  return [...stateCondition(filters), ...thresholdConditions(filters), ...dateRange(sql`a.fecha`, filters)];
}

function stateCondition(filters: AlertaReportFilters): SQL[] {
  return filters.estado ? [sql`a.statusid = ${ALERTA_STATUS[filters.estado]}`] : [];
}

/** The filters that choose thresholds (criticality, location, node, the global selection), on `u`. */
function thresholdConditions(filters: AlertaReportFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.criticidadId) conditions.push(sql`u.criticidadid = ${filters.criticidadId}`);
  if (filters.ubicacionId) conditions.push(sql`u.ubicacionid = ${filters.ubicacionId}`);
  if (filters.nodoId) conditions.push(sql`u.nodoid = ${filters.nodoId}`);
  const scope = scopeLocations(filters);
  if (scope) conditions.push(sql`u.ubicacionid in (${scope})`);
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
function chosenConditions(filters: AlertaReportFilters, thresholds: ChosenThresholds): SQL[] {
  return [
    ...stateCondition(filters),
    ...(thresholds === null ? [] : [sql`a.umbralid = any(${`{${thresholds.join(',')}}`}::int[])`]),
    ...dateRange(sql`a.fecha`, filters),
  ];
}

const MENSAJE_STATUS: Record<MensajeState, number> = { enviado: 1, fallido: 0, procesado: -1 };

/**
 * The message filters as conditions, on `mensaje` alone (semi-joins), so counting needs no join.
 * A message belongs to the selection through its alert's threshold, or through its episode: a
 * threshold's location, or for a no-data episode its node's active location.
 */
export function mensajeConditions(filters: MensajeReportFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.contactoId) conditions.push(sql`ms.contactoid = ${filters.contactoId}`);
  if (filters.estado) conditions.push(sql`ms.statusid = ${MENSAJE_STATUS[filters.estado]}`);
  if (filters.medioId) {
    conditions.push(sql`ms.contactoid in (select ct.contactoid from sense.contacto ct where ct.medioid = ${filters.medioId})`);
  }
  const scope = scopeLocations(filters);
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

/** `order by` the chosen key, then the id in the same direction, so pages and batches are stable. */
function orderBy(key: SortKey, id: SQL, order: SortDirection): SQL {
  return sql`order by ${key.expression} ${direction(order)}, ${id} ${direction(order)}`;
}

/**
 * Rows after `bound` in the sort order. Written as `key <= b and (key < b or id < i)` rather than a
 * row comparison, so an index on the key (alerta.fecha, mensaje.fecha) bounds the scan.
 */
function keysetCondition(key: SortKey, id: SQL, order: SortDirection, bound: KeysetBound | undefined): SQL[] {
  if (!bound) return [];
  const value = sql`cast(${bound.sortKey} as ${key.cast})`;
  const [orEqual, strictly] = order === 'desc' ? [sql`<=`, sql`<`] : [sql`>=`, sql`>`];
  return [sql`${key.expression} ${orEqual} ${value}`, sql`(${key.expression} ${strictly} ${value} or ${id} ${strictly} ${bound.id})`];
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
  case when ack.usuarioid is null then null else jsonb_build_object(
    'usuarioid', ack.usuarioid, 'firstname', ack.firstname, 'lastname', ack.lastname, 'login', ack.login) end as reconocidopor,
  ${isoUtc(sql`a.fechareconocido`)} as fechareconocido, a.notareconocido`;

/** The alert columns of the CSV: names resolved in SQL, one flat row per alert. */
const ALERTA_CSV_COLUMNS = sql`a.alertaid, u.umbral, cr.criticidad, n.nodo, ub.ubicacion, me.metrica, me.unidad,
  u.minimo, u.maximo, m.medicion as valor,
  ${isoUtc(sql`a.fecha`)} as fecha, ${isoUtc(sql`a.datecreated`)} as datecreated, a.statusid`;

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
  sort_key: string;
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
  sort_key: string;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

function pagination(page: PageRequest, total: number) {
  return { page: page.page, pageSize: page.pageSize, total, totalPages: Math.ceil(total / page.pageSize) };
}

/**
 * The alert statements take the chosen thresholds (alertaThresholds' ids) when they were read
 * first, as the routes do; without them the threshold filters are joined in.
 */
export interface ReportStatements {
  /** The ids of the thresholds the filters choose, or null when no filter chooses thresholds. */
  alertaThresholds(filters: AlertaReportFilters): SQL | null;
  alertasPage(filters: AlertaReportFilters, sort: ReportSort<AlertaSortColumn>, page: PageRequest, thresholds?: ChosenThresholds): SQL;
  alertasCount(filters: AlertaReportFilters, thresholds?: ChosenThresholds): SQL;
  alertasBatch(filters: AlertaReportFilters, sort: ReportSort<AlertaSortColumn>, size: number, after?: KeysetBound, thresholds?: ChosenThresholds): SQL;
  mensajesPage(filters: MensajeReportFilters, sort: ReportSort<MensajeSortColumn>, page: PageRequest): SQL;
  mensajesCount(filters: MensajeReportFilters): SQL;
  mensajesBatch(filters: MensajeReportFilters, sort: ReportSort<MensajeSortColumn>, size: number, after?: KeysetBound): SQL;
}

/*
 * Every statement picks its rows first, in a subquery over `alerta` (or `mensaje`) alone with just
 * the joins its filters and sort need (PostgreSQL drops a left join on a key that nothing reads), so
 * the order and limit can walk the date index; only those rows are then joined and built as JSON.
 */

function alertaRows(
  filters: AlertaReportFilters,
  sort: ReportSort<AlertaSortColumn>,
  limit: number,
  offset: number,
  after: KeysetBound | undefined,
  thresholds: ChosenThresholds | undefined,
): SQL {
  const key = ALERTA_SORT[sort.sortBy];
  const filtering = thresholds === undefined ? alertaConditions(filters) : chosenConditions(filters, thresholds);
  const conditions = [...filtering, ...keysetCondition(key, sql`a.alertaid`, sort.sortOrder, after)];
  const readsThresholdFilters = thresholds === undefined && thresholdConditions(filters).length > 0;
  // Only the ids are picked: with the default order (fecha) and no filter on the threshold or state
  // the offset then walks the date index alone, without visiting an alert it skips.
  return sql`(select a.alertaid ${alertaFrom(readsThresholdFilters, sort.sortBy)} ${whereAll(conditions)} ${orderBy(key, sql`a.alertaid`, sort.sortOrder)}
    limit ${limit} ${offset > 0 ? sql`offset ${offset}` : sql``}) picked join sense.alerta a on a.alertaid = picked.alertaid`;
}

function mensajeRows(filters: MensajeReportFilters, sort: ReportSort<MensajeSortColumn>, limit: number, offset: number, after?: KeysetBound): SQL {
  const key = MENSAJE_SORT[sort.sortBy];
  const conditions = [...mensajeConditions(filters), ...keysetCondition(key, sql`ms.mensajeid`, sort.sortOrder, after)];
  return sql`(select ms.* ${MENSAJE_FROM} ${whereAll(conditions)} ${orderBy(key, sql`ms.mensajeid`, sort.sortOrder)}
    limit ${limit} ${offset > 0 ? sql`offset ${offset}` : sql``}) ms`;
}

/** Run on the rows already picked (a page or a batch), so the names cost a lookup per row shown, not per alert. */
const ALERTA_JOINS = sql`left join sense.umbral u on u.umbralid = a.umbralid
  left join sense.medicion m on m.medicionid = a.medicionid and m.fecha = a.fecha
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
  alertasPage(filters, sort, page, thresholds) {
    const key = ALERTA_SORT[sort.sortBy];
    return sql`select ${ALERTA_COLUMNS} from ${alertaRows(filters, sort, page.pageSize, (page.page - 1) * page.pageSize, undefined, thresholds)}
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
    return sql`select ${ALERTA_CSV_COLUMNS}, (${key.expression})::text as sort_key from ${alertaRows(filters, sort, size, 0, after, thresholds)}
      ${ALERTA_JOINS} ${orderBy(key, sql`a.alertaid`, sort.sortOrder)}`;
  },
  mensajesPage(filters, sort, page) {
    const key = MENSAJE_SORT[sort.sortBy];
    return sql`select ${MENSAJE_COLUMNS} from ${mensajeRows(filters, sort, page.pageSize, (page.page - 1) * page.pageSize)}
      ${MENSAJE_JOINS} ${orderBy(key, sql`ms.mensajeid`, sort.sortOrder)}`;
  },
  mensajesCount(filters) {
    return sql`select count(*)::int as total from sense.mensaje ms ${whereAll(mensajeConditions(filters))}`;
  },
  mensajesBatch(filters, sort, size, after) {
    const key = MENSAJE_SORT[sort.sortBy];
    return sql`select ${MENSAJE_CSV_COLUMNS}, (${key.expression})::text as sort_key from ${mensajeRows(filters, sort, size, 0, after)}
      ${MENSAJE_JOINS} ${orderBy(key, sql`ms.mensajeid`, sort.sortOrder)}`;
  },
};

/** Rows in batches of `size`, each batch its own short query (no connection held between them). */
async function* keysetBatches<Row extends { sort_key: string }>(
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

export interface ReportQueries {
  alertas(filters: AlertaReportFilters, sort: ReportSort<AlertaSortColumn>, page: PageRequest): Promise<PaginatedRows<AlertaReportRow>>;
  mensajes(filters: MensajeReportFilters, sort: ReportSort<MensajeSortColumn>, page: PageRequest): Promise<PaginatedRows<MensajeReportRow>>;
  alertaFilterOptions(filters: Pick<AlertaReportFilters, 'paisId' | 'empresaId' | 'fundoId'>): Promise<AlertaFilterOptions>;
  mensajeFilterOptions(): Promise<MensajeFilterOptions>;
  alertasCsvBatches(filters: AlertaReportFilters, sort: ReportSort<AlertaSortColumn>, size: number): AsyncGenerator<AlertaCsvRow[]>;
  mensajesCsvBatches(filters: MensajeReportFilters, sort: ReportSort<MensajeSortColumn>, size: number): AsyncGenerator<MensajeCsvRow[]>;
}

export function createReportQueries(database: Database): ReportQueries {
  async function chosenThresholds(filters: AlertaReportFilters): Promise<ChosenThresholds> {
    const statement = reportStatements.alertaThresholds(filters);
    if (!statement) return null;
    return (await database.query<{ umbralid: number }>(statement)).map((row) => row.umbralid);
  }
  return {
    async alertas(filters, sort, page) {
      const thresholds = await chosenThresholds(filters);
      const [data, counted] = await Promise.all([
        database.query<AlertaReportRow>(reportStatements.alertasPage(filters, sort, page, thresholds)),
        database.query<{ total: number }>(reportStatements.alertasCount(filters, thresholds)),
      ]);
      return { data, pagination: pagination(page, counted[0]?.total ?? 0) };
    },
    async mensajes(filters, sort, page) {
      const [data, counted] = await Promise.all([
        database.query<MensajeReportRow>(reportStatements.mensajesPage(filters, sort, page)),
        database.query<{ total: number }>(reportStatements.mensajesCount(filters)),
      ]);
      return { data, pagination: pagination(page, counted[0]?.total ?? 0) };
    },
    async alertaFilterOptions({ paisId, empresaId, fundoId }) {
      const conditions: SQL[] = [];
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
          ${scope ? sql`where u.ubicacionid in (${scope})` : sql``}
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
