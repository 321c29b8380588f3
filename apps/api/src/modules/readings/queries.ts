import type { Database } from '@camposense/db';
import { EN_CURSO } from '@camposense/domain';
import type { EnCursoResponse } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { tableRef } from '../../sense/sql-names';
import { batchesUpTo } from '../../sense/streaming';
import type { JsonBatch } from '../../sense/streaming';
import { isoUtc } from '../../sense/timestamps';
import { grantedEpisode } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';
import { numberArray } from '@camposense/db';

/** A time window and location of readings; every bound is optional. */
export interface ReadingWindow {
  ubicacionId?: number | undefined;
  /** Inclusive. */
  start?: Date | undefined;
  /** Exclusive. */
  end?: Date | undefined;
  /** Only the readings of this entity's locations and probe types. */
  entidadId?: number | undefined;
  /** Only the readings of these locations, a subquery of ubicacionid (the grant, issue 32). */
  locations?: SQL | null | undefined;
}

/*
 * The statements behind mediciones, mediciones-con-entidad and nodos-con-localizacion. Their
 * identifiers are constants of this module; every value is a parameter.
 */


const medicion = tableRef('medicion');
const metrica = tableRef('metrica');
const localizacion = tableRef('localizacion');
const tipo = tableRef('tipo');

function windowConditions(window: ReadingWindow): SQL {
  const conditions: SQL[] = [sql`true`];
  if (window.ubicacionId !== undefined) conditions.push(sql`m.ubicacionid = ${window.ubicacionId}`);
  // Computed once (an InitPlan), so the date index still stops after a page's readings.
  if (window.locations) conditions.push(sql`m.ubicacionid = any(array(${window.locations}))`);
  if (window.start) conditions.push(sql`m.fecha >= ${window.start.toISOString()}::timestamptz`);
  if (window.end) conditions.push(sql`m.fecha < ${window.end.toISOString()}::timestamptz`);
  if (window.entidadId !== undefined) {
    conditions.push(
      sql`m.ubicacionid in (select l.ubicacionid from ${localizacion} l where l.entidadid = ${window.entidadId})`,
      sql`m.tipoid in (select ti.tipoid from ${tipo} ti where ti.entidadid = ${window.entidadId})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/**
 * Readings newest first with their metric, unit and entity, as one JSON array built by the
 * database (`body`): the API sends it as it comes, so a thousand readings cost Node no per-row
 * work. Dates are ISO 8601 in UTC, as every other answer. `limit` null means all.
 */
export function readingsStatement(window: ReadingWindow, limit: number | null): SQL {
  // The readings are cut first, from medicion alone; only the page is joined to its metric and
  // entity, the entity from one small derived table rather than a subquery per reading (a fifth
  // of the call's time for a 1,000-reading chart on PostgreSQL).
  return sql`
    select coalesce(json_agg(r order by r.fecha desc, r.medicionid desc), '[]')::text as body
      from (select p.medicionid, ${isoUtc(sql`p.fecha`)} as fecha, p.medicion,
                   p.metricaid, me.metrica, me.unidad, p.nodoid, p.tipoid, p.ubicacionid, ${entidadOf(window)} as entidadid
              from (select m.medicionid, m.fecha, m.medicion, m.metricaid, m.nodoid, m.tipoid, m.ubicacionid
                      from ${medicion} m
                     where ${windowConditions(window)}
                     order by m.fecha desc, m.medicionid desc
                     ${limit === null ? sql`` : sql`limit ${limit}`}) p
              join ${metrica} me on me.metricaid = p.metricaid
              ${entidadJoin(window)}) r`;
}

/**
 * The entity of each reading of `p`: the one asked for, or the one of its node's place (an active
 * placement first), from one small derived table joined by (node, place).
 */
function entidadOf(window: ReadingWindow): SQL {
  return window.entidadId !== undefined ? sql`${window.entidadId}::int` : sql`le.entidadid`;
}

function entidadJoin(window: ReadingWindow): SQL {
  if (window.entidadId !== undefined) return sql``;
  return sql`left join (select distinct on (l.nodoid, l.ubicacionid) l.nodoid, l.ubicacionid, l.entidadid
                          from ${localizacion} l
                         order by l.nodoid, l.ubicacionid, l.statusid desc, l.entidadid) le
               on le.nodoid = p.nodoid and le.ubicacionid = p.ubicacionid`;
}

/** Where a batch of readings ended: its last (oldest) reading's time, as text (microseconds kept), and id. */
export interface ReadingCursor {
  fecha: string;
  medicionid: number;
}

/**
 * One batch of readings in the order of readingsStatement, after `cursor` (keyset: the index on
 * fecha is read from there on, never skipped over), with the JSON of its rows built by the
 * database and the cursor of its last row.
 */
export function readingsBatchStatement(window: ReadingWindow, cursor: ReadingCursor | null, size: number): SQL {
  // The plain `fecha <=` lets the planner start the index scan at the cursor; the row comparison
  // settles readings of the same instant.
  const after = cursor
    ? sql`and m.fecha <= ${cursor.fecha}::timestamptz and (m.fecha, m.medicionid) < (${cursor.fecha}::timestamptz, ${cursor.medicionid}::bigint)`
    : sql``;
  // The batch is cut from medicion alone, by fecha only (with ties, so no reading of the last instant
  // is lost): an index scan that stops after `size` rows, where ordering by (fecha, medicionid)
  // would sort every remaining reading for each batch. Only then are the rows joined to their
  // metric and entity.
  return sql`
    with page as (
      select * from (
        select m.medicionid, m.fecha, m.medicion, m.metricaid, m.nodoid, m.tipoid, m.ubicacionid
          from ${medicion} m
         where ${windowConditions(window)} ${after}
         order by m.fecha desc
         fetch first (${size}) rows with ties) newest
       order by newest.fecha desc, newest.medicionid desc
       limit ${size}),
    full_page as (
      select p.*, me.metrica, me.unidad, ${entidadOf(window)} as entidadid
        from page p
        join ${metrica} me on me.metricaid = p.metricaid
        ${entidadJoin(window)})
    select coalesce((select string_agg(json_build_object(
               'medicionid', f.medicionid, 'fecha', ${isoUtc(sql`f.fecha`)},
               'medicion', f.medicion, 'metricaid', f.metricaid, 'metrica', f.metrica, 'unidad', f.unidad,
               'nodoid', f.nodoid, 'tipoid', f.tipoid, 'ubicacionid', f.ubicacionid, 'entidadid', f.entidadid)::text,
               ',' order by f.fecha desc, f.medicionid desc) from full_page f), '') as json,
           (select count(*)::int from page) as rows,
           last.fecha::text as "lastFecha", last.medicionid as "lastId"
      from (select 1) one
      left join lateral (select p.fecha, p.medicionid from page p order by p.fecha, p.medicionid limit 1) last on true`;
}

export function readingsCountStatement(window: ReadingWindow): SQL {
  return sql`select count(*)::int as count from ${medicion} m where ${windowConditions(window)}`;
}

/** The name nodosConLocalizacionStatement is prepared under (bench:api prepares it alike). */
export const NODE_LIST_STATEMENT = 'nodos-con-localizacion';

/**
 * Each node with its placement (one per node: an active one first), the hierarchy above it and the
 * latest reading of each metric of each probe, from `ultimamedicion`, which ingest keeps up to date
 * (alarms.md): one primary-key row per probe metric, never `medicion`. The answer
 * (NodoConLocalizacion[]) comes as one JSON text (`body`) built by the database, dates in ISO 8601
 * UTC: Node neither parses the rows nor writes them again (issue 31).
 */
export function nodosConLocalizacionStatement(limit: number, empresas: readonly number[] | null = null): SQL {
  // The latest values and the open episodes are CTEs kept apart (materialized): as joined
  // subqueries, the planner (which row security leaves guessing one row) put them inside a nested
  // loop and built every node's JSON again for each node of the page (15 nodes: 5.7 of 6.5 ms).
  return sql`
    with latest as materialized (
        -- The latest values of every node at once: one pass over ultimamedicion and metricasensor
        -- (hundreds of rows) joined by hash, rather than a join of them per node.
        select ms.nodoid, max(last.fecha) as fecha,
               -- A row, not json_build_object: json writes it without spaces around ':' and ','.
               json_agg((select x from (select ms.tipoid, ti.tipo, ms.metricaid, me.metrica, me.unidad, last.medicion,
                                               ${isoUtc(sql`last.fecha`)} as fecha) x)
                        order by ms.tipoid, ms.metricaid) as mediciones
          from ${tableRef('metricasensor')} ms
          join ${metrica} me on me.metricaid = ms.metricaid
          left join ${tipo} ti on ti.tipoid = ms.tipoid
          join ${tableRef('ultimamedicion')} last
            on last.nodoid = ms.nodoid and last.metricaid = ms.metricaid and last.tipoid = ms.tipoid
         group by ms.nodoid),
      -- Open episodes (alarms.md): threshold ones en curso (EN_CURSO: open, unacknowledged), and the
      -- node's no-data one, acknowledged or not (the node is silent either way).
      open as materialized (
        select ep.nodoid,
               count(*) filter (where ep.tipo = 'umbral' and ${EN_CURSO_EPISODE}) as activos,
               max(ep.episodioid) filter (where ep.tipo = 'sindatos') as sindatosid,
               max(ep.statusid) filter (where ep.tipo = 'sindatos') as sindatosstatus,
               max(ep.fechainicio) filter (where ep.tipo = 'sindatos') as sindatosinicio
          from ${tableRef('episodio')} ep
         where ep.fechafin is null
         group by ep.nodoid)
    select coalesce(json_agg(r order by r.nodo, r.nodoid), '[]')::text as body from (
    select n.nodoid, n.nodo, n.nodoabrev, n.deveui, n.statusid,
           u.ubicacionid, u.ubicacion, f.fundoid, f.fundo, e.empresaid, e.empresa, p.paisid, p.pais,
           en.entidadid, en.entidad, l.latitud, l.longitud, l.referencia,
           ${isoUtc(sql`latest.fecha`)} as "ultimaFecha", coalesce(latest.mediciones, '[]'::json) as "ultimasMediciones",
           n.ventanainactividad as "ventanaInactividad",
           coalesce(open.activos, 0)::int as "episodiosActivos",
           case when open.sindatosid is null then null
                else json_build_object('episodioid', open.sindatosid, 'statusid', open.sindatosstatus,
                                       'fechainicio', ${isoUtc(sql`open.sindatosinicio`)}) end
             as "episodioSinDatos"
      from ${tableRef('nodo')} n
      cross join lateral (
        select lo.* from ${localizacion} lo
         where lo.nodoid = n.nodoid
         order by lo.statusid desc, lo.datemodified desc nulls last, lo.entidadid, lo.ubicacionid
         limit 1) l
      join ${tableRef('ubicacion')} u on u.ubicacionid = l.ubicacionid
      join ${tableRef('fundo')} f on f.fundoid = u.fundoid
      join ${tableRef('empresa')} e on e.empresaid = f.empresaid
      join ${tableRef('pais')} p on p.paisid = e.paisid
      join ${tableRef('entidad')} en on en.entidadid = l.entidadid
      -- A user's grant (issue 32): the node's company is its placement's.
      ${empresas === null ? sql`` : sql`and e.empresaid = any(${numberArray(empresas)}::int[])`}
      left join latest on latest.nodoid = n.nodoid
      left join open on open.nodoid = n.nodoid
     order by n.nodo, n.nodoid
     limit ${limit}) r`;
}

/**
 * EN_CURSO (libs/domain/src/ongoing.ts) on `episodio ep`: open and not acknowledged. The one
 * condition behind the header's count, the node list's badges and GET /api/sense/en-curso.
 */
export const EN_CURSO_EPISODE = sql`(ep.fechafin is null and ep.statusid = ${EN_CURSO.episodeStatusid})`;

/** What is en curso now (EnCursoResponse): episodes of both kinds, and the alerts of the threshold ones. */
export function enCursoStatement(granted: SQL | null = null): SQL {
  const episodes = granted ? sql`${EN_CURSO_EPISODE} and ${granted}` : EN_CURSO_EPISODE;
  return sql`
    select count(*)::int as episodios,
           count(*) filter (where ep.tipo = 'umbral')::int as umbral,
           count(*) filter (where ep.tipo = 'sindatos')::int as "sinDatos",
           (select count(*) from ${tableRef('alerta')} a join ${tableRef('episodio')} ep on ep.episodioid = a.episodioid
             where ${episodes} and a.statusid = ${EN_CURSO.alertStatusid})::int as alertas
      from ${tableRef('episodio')} ep
     where ${episodes}`;
}

export interface ReadingQueries {
  /** The readings as a JSON array text (MedicionReading[]), ready to send. */
  readingsJson(window: ReadingWindow, limit: number | null): Promise<string>;
  /** The readings in batches (`limit` null: all), for a streamed answer. */
  readingsBatches(window: ReadingWindow, limit: number | null): AsyncGenerator<JsonBatch>;
  count(window: ReadingWindow): Promise<number>;
  /** The node list as a JSON array text (NodoConLocalizacion[]), ready to send; only the grant's nodes. */
  nodosConLocalizacionJson(limit: number, grant: Grant): Promise<string>;
  enCurso(grant: Grant): Promise<EnCursoResponse>;
  /** The nodes placed at a location now (an active localizacion): the ones whose readings are stored there. */
  nodesPlacedAt(ubicacionId: number): Promise<number[]>;
}

export function createReadingQueries(database: Database): ReadingQueries {
  return {
    async readingsJson(window, limit) {
      const [row] = await database.query<{ body: string }>(readingsStatement(window, limit));
      return row?.body ?? '[]';
    },
    readingsBatches(window, limit) {
      return batchesUpTo<ReadingCursor>(limit, async (cursor, size) => {
        const [row] = await database.query<{ json: string; rows: number; lastFecha: string | null; lastId: number | null }>(
          readingsBatchStatement(window, cursor, size),
        );
        const batch = { json: row?.json ?? '', rows: row?.rows ?? 0 };
        const next = row?.lastFecha != null && row.lastId != null ? { fecha: row.lastFecha, medicionid: row.lastId } : null;
        return { batch, next };
      });
    },
    async count(window) {
      const rows = await database.query<{ count: number }>(readingsCountStatement(window));
      return rows[0]?.count ?? 0;
    },
    async nodosConLocalizacionJson(limit, grant) {
      // Prepared: planning its joins cost as much as running them (1.7 of 4.2 ms), and its only
      // parameters, the limit and a user's companies, do not change the plan (one statement each with and without a grant).
      const granted = grant.all ? null : grant.empresas;
      const [row] = await database.query<{ body: string }>(nodosConLocalizacionStatement(limit, granted), {
        prepare: granted === null ? NODE_LIST_STATEMENT : `${NODE_LIST_STATEMENT}-granted`,
      });
      return row?.body ?? '[]';
    },
    async enCurso(grant) {
      // Prepared (issue 31): two shapes, with and without a grant, asked on every dashboard visit.
      const [row] = await database.query<EnCursoResponse>(enCursoStatement(grantedEpisode(grant, 'ep')), { prepare: true });
      return row ?? { episodios: 0, umbral: 0, sinDatos: 0, alertas: 0 };
    },
    async nodesPlacedAt(ubicacionId) {
      const rows = await database.query<{ nodoid: number }>(
        sql`select distinct lo.nodoid from ${localizacion} lo where lo.ubicacionid = ${ubicacionId} and lo.statusid = 1`,
      );
      return rows.map((row) => row.nodoid);
    },
  };
}
