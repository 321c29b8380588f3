import { appDb } from '@camposense/db';
import type { Database } from '@camposense/db';
import { UMBRAL_AUDIT_FIELDS } from '@camposense/domain';
import type {
  UmbralAuditAction,
  UmbralAuditChange,
  UmbralMassiveResult,
  UmbralMassiveRow,
  UmbralAuditEntry,
  UmbralPerfil,
  UmbralPlace,
  UmbralPreviewCount,
  UmbralScopeFilters,
  UmbralScopeLocation,
  UmbralScopeResponse,
} from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { numberArray, textArray } from '@camposense/db';
import { tableRef } from '../../sense/sql-names';
import { EVERY_COMPANY, grantedCompanies, grantedLocations } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';

export interface PreviewWindow {
  start: Date;
  /** Exclusive. */
  end: Date;
}

interface ScopeRow extends UmbralPlace {
  fundoid: number;
  fundo: string;
  empresaid: number;
  empresa: string;
  umbralid: number | null;
  umbral: string | null;
  minimo: number | null;
  maximo: number | null;
  criticidadid: number | null;
  criticidad: string | null;
  grado: number | null;
  statusid: number | null;
  perfiles: UmbralPerfil[] | string | null;
}

interface AuditRow {
  auditlogumbralid: number;
  umbralid: number;
  accion: UmbralAuditAction;
  fecha: Date | string;
  valores_anteriores: Record<string, unknown> | string | null;
  valores_nuevos: Record<string, unknown> | string | null;
  usuarioid: number | null;
  login: string | null;
  firstname: string | null;
  lastname: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
// PGlite and pg both parse json, but a driver that does not would hand text: accept both.
const json = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The hierarchy filters as conditions over aliases ub (ubicacion), f (fundo), e (empresa) and the pair p. */
function scopeConditions(filters: UmbralScopeFilters, pair: { ubicacion: SQL; nodo: SQL; tipo: SQL; metrica: SQL }, grant: Grant): SQL[] {
  const granted = grantedCompanies(grant, sql`f.empresaid`);
  const conditions: SQL[] = granted ? [granted] : [];
  if (filters.entidadId != null) {
    conditions.push(sql`exists (select 1 from ${tableRef('tipo')} te where te.tipoid = ${pair.tipo} and te.entidadid = ${filters.entidadId})`);
  }
  if (filters.paisId != null) conditions.push(sql`e.paisid = ${filters.paisId}`);
  if (filters.empresaId != null) conditions.push(sql`f.empresaid = ${filters.empresaId}`);
  if (filters.fundoId != null) conditions.push(sql`ub.fundoid = ${filters.fundoId}`);
  if (filters.ubicacionId != null) conditions.push(sql`${pair.ubicacion} = ${filters.ubicacionId}`);
  if (filters.nodoId != null) conditions.push(sql`${pair.nodo} = ${filters.nodoId}`);
  if (filters.tipoId != null) conditions.push(sql`${pair.tipo} = ${filters.tipoId}`);
  if (filters.metricaId != null) conditions.push(sql`${pair.metrica} = ${filters.metricaId}`);
  return conditions;
}

const where = (conditions: SQL[]) => (conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`);

/**
 * Every (location, node, probe, metric) in scope — the metrics each placed node's probes report
 * (localizacion × metricasensor) and any place a threshold names — with its thresholds, if any,
 * most severe first. A place without a threshold comes back once with null threshold columns.
 */
export function scopeStatement(filters: UmbralScopeFilters, grant: Grant = EVERY_COMPANY): SQL {
  const conditions = scopeConditions(
    filters,
    {
      ubicacion: sql`p.ubicacionid`,
      nodo: sql`p.nodoid`,
      tipo: sql`p.tipoid`,
      metrica: sql`p.metricaid`,
    },
    grant,
  );
  return sql`
    with pairs as (
      select l.ubicacionid, ms.nodoid, ms.tipoid, ms.metricaid
        from ${tableRef('localizacion')} l
        join ${tableRef('metricasensor')} ms on ms.nodoid = l.nodoid
       where l.statusid = 1 and ms.statusid = 1
      union
      select u.ubicacionid, u.nodoid, u.tipoid, u.metricaid from ${tableRef('umbral')} u
    )
    select p.ubicacionid, ub.ubicacion, ub.fundoid, f.fundo, f.empresaid, e.empresa, p.nodoid, n.nodo, p.tipoid, t.tipo,
           p.metricaid, m.metrica, m.unidad,
           u.umbralid, u.umbral, u.minimo, u.maximo, u.criticidadid, c.criticidad, c.grado, u.statusid,
           (select coalesce(json_agg(json_build_object('perfilid', pf.perfilid, 'perfil', pf.perfil) order by pf.perfil), '[]'::json)
              from ${tableRef('perfilumbral')} pu
              join ${tableRef('perfil')} pf on pf.perfilid = pu.perfilid
             where pu.umbralid = u.umbralid and pu.statusid = 1) as perfiles
      from pairs p
      join ${tableRef('ubicacion')} ub on ub.ubicacionid = p.ubicacionid
      join ${tableRef('fundo')} f on f.fundoid = ub.fundoid
      join ${tableRef('empresa')} e on e.empresaid = f.empresaid
      join ${tableRef('nodo')} n on n.nodoid = p.nodoid
      join ${tableRef('tipo')} t on t.tipoid = p.tipoid
      join ${tableRef('metrica')} m on m.metricaid = p.metricaid
      left join ${tableRef('umbral')} u
        on u.ubicacionid = p.ubicacionid and u.nodoid = p.nodoid and u.tipoid = p.tipoid and u.metricaid = p.metricaid
      left join ${tableRef('criticidad')} c on c.criticidadid = u.criticidadid
     ${where(conditions)}
     order by f.fundo, ub.ubicacion, ub.ubicacionid, n.nodo, n.nodoid, t.tipo, t.tipoid, m.metrica, m.metricaid,
              u.statusid desc nulls last, c.grado, u.umbralid`;
}

/** Flat, ordered rows → location → node → probe → metric, keeping the SQL's order. */
export function groupScope(rows: readonly ScopeRow[]): UmbralScopeResponse {
  const ubicaciones: UmbralScopeLocation[] = [];
  let umbrales = 0;
  let sinUmbral = 0;
  for (const row of rows) {
    let location = ubicaciones.at(-1);
    if (location?.ubicacionid !== row.ubicacionid) {
      location = {
        ubicacionid: row.ubicacionid,
        ubicacion: row.ubicacion,
        fundoid: row.fundoid,
        fundo: row.fundo,
        empresaid: row.empresaid,
        empresa: row.empresa,
        nodos: [],
      };
      ubicaciones.push(location);
    }
    let node = location.nodos.at(-1);
    if (node?.nodoid !== row.nodoid) {
      node = { nodoid: row.nodoid, nodo: row.nodo, sondas: [] };
      location.nodos.push(node);
    }
    let probe = node.sondas.at(-1);
    if (probe?.tipoid !== row.tipoid) {
      probe = { tipoid: row.tipoid, tipo: row.tipo, metricas: [] };
      node.sondas.push(probe);
    }
    let metric = probe.metricas.at(-1);
    if (metric?.metricaid !== row.metricaid) {
      metric = { metricaid: row.metricaid, metrica: row.metrica, unidad: row.unidad, umbrales: [] };
      probe.metricas.push(metric);
      if (row.umbralid === null) sinUmbral += 1;
    }
    if (row.umbralid !== null) {
      umbrales += 1;
      metric.umbrales.push({
        umbralid: row.umbralid,
        umbral: row.umbral ?? '',
        minimo: row.minimo!,
        maximo: row.maximo!,
        criticidadid: row.criticidadid!,
        criticidad: row.criticidad!,
        grado: row.grado!,
        statusid: row.statusid!,
        perfiles: json<UmbralPerfil[]>(row.perfiles) ?? [],
      });
    }
  }
  return { ubicaciones, totals: { umbrales, sinUmbral } };
}

/** The edited band; a side left out keeps the threshold's own. */
export interface EditedBand {
  minimo?: number | undefined;
  maximo?: number | undefined;
}

/**
 * One statement for the whole preview: the threshold's band, and how many readings of its place
 * each band breaks in the window, and in how many episodes. A reading opens an episode when it
 * breaks the band and the reading before it (same location, node, probe and metric, in the window)
 * did not. One pass over the readings; the first reading of the window opens an episode if it
 * breaks, since what came before is not read. No row when the threshold does not exist. One round
 * trip, not a band lookup and then a count: the preview is redrawn as the user types.
 */
export function previewStatement(umbralId: number, edited: EditedBand, window: PreviewWindow): SQL {
  return sql`
    with band as (
      select umbralid, ubicacionid, nodoid, tipoid, metricaid, minimo, maximo,
             coalesce(${edited.minimo ?? null}::double precision, minimo) as edited_minimo,
             coalesce(${edited.maximo ?? null}::double precision, maximo) as edited_maximo
        from ${tableRef('umbral')} where umbralid = ${umbralId}
    ), readings as (
      select m.fecha,
             (m.medicion < b.minimo or m.medicion > b.maximo) as current_breaks,
             (m.medicion < b.edited_minimo or m.medicion > b.edited_maximo) as edited_breaks
        from band b
        join ${tableRef('medicion')} m
          on m.nodoid = b.nodoid and m.metricaid = b.metricaid
         and m.tipoid = b.tipoid and m.ubicacionid = b.ubicacionid
       where m.fecha >= ${window.start.toISOString()}::timestamptz
         and m.fecha < ${window.end.toISOString()}::timestamptz
    ), runs as (
      select current_breaks, edited_breaks,
             lag(current_breaks, 1, false) over (order by fecha) as current_before,
             lag(edited_breaks, 1, false) over (order by fecha) as edited_before
        from readings
    ), counts as (
      select count(*)::int as total,
             count(*) filter (where current_breaks)::int as current_readings,
             count(*) filter (where current_breaks and not current_before)::int as current_episodes,
             count(*) filter (where edited_breaks)::int as edited_readings,
             count(*) filter (where edited_breaks and not edited_before)::int as edited_episodes
        from runs
    )
    select b.umbralid, b.minimo, b.maximo, b.edited_minimo, b.edited_maximo, c.*
      from band b cross join counts c`;
}

/** The rows of a massive save as one parameter per column (unnest), numbered from 0 in `ord`. */
function massiveInput(rows: readonly UmbralMassiveRow[]): SQL {
  const column = (pick: (row: UmbralMassiveRow) => number) => numberArray(rows.map(pick));
  return sql`
    select r.ubicacionid, r.nodoid, r.tipoid, r.metricaid, r.criticidadid, r.minimo, r.maximo, r.umbral, r.ord - 1 as ord
      from unnest(${column((row) => row.ubicacionid)}::int[], ${column((row) => row.nodoid)}::int[],
                  ${column((row) => row.tipoid)}::int[], ${column((row) => row.metricaid)}::int[],
                  ${column((row) => row.criticidadid)}::int[], ${column((row) => row.minimo)}::double precision[],
                  ${column((row) => row.maximo)}::double precision[], ${textArray(rows.map((row) => row.umbral?.trim() || null))}::text[])
           with ordinality as r(ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo, umbral, ord)`;
}

const sameActiveThreshold = sql`u.statusid = 1 and u.ubicacionid = i.ubicacionid and u.nodoid = i.nodoid
  and u.tipoid = i.tipoid and u.metricaid = i.metricaid and u.criticidadid = i.criticidadid`;

/** How many rows of a massive save would replace an active threshold of the same place and level. */
export function massiveCountStatement(rows: readonly UmbralMassiveRow[]): SQL {
  return sql`
    with input as (${massiveInput(rows)})
    select count(*)::int as total,
           count(*) filter (where exists (select 1 from ${tableRef('umbral')} u where ${sameActiveThreshold}))::int as replaced
      from input i`;
}

/**
 * A massive save in one statement: each row replaces the band (and label, when given) of the active
 * threshold of its place and level, or creates one, labelled "metric · level" unless named.
 */
export function massiveSaveStatement(rows: readonly UmbralMassiveRow[], actorId: number): SQL {
  return sql`
    with input as (${massiveInput(rows)}),
    replaced as (
      update ${tableRef('umbral')} u
         set minimo = i.minimo, maximo = i.maximo, umbral = coalesce(i.umbral, u.umbral),
             usermodifiedid = ${actorId}, datemodified = now()
        from input i
       where ${sameActiveThreshold}
      returning u.umbralid),
    created as (
      insert into ${tableRef('umbral')} (umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo, usercreatedid, usermodifiedid)
      select coalesce(i.umbral, me.metrica || ' · ' || c.criticidad, 'Umbral'), i.ubicacionid, i.nodoid, i.tipoid, i.metricaid,
             i.criticidadid, i.minimo, i.maximo, ${actorId}, ${actorId}
        from input i
        left join ${tableRef('metrica')} me on me.metricaid = i.metricaid
        left join ${tableRef('criticidad')} c on c.criticidadid = i.criticidadid
       where not exists (select 1 from ${tableRef('umbral')} u where ${sameActiveThreshold})
       order by i.ord
      returning umbralid)
    select (select count(*)::int from created) as created, (select count(*)::int from replaced) as replaced`;
}

const auditColumns = sql`
  a.auditlogumbralid, a.umbralid, a.accion, a.fecha, a.valores_anteriores, a.valores_nuevos,
  a.usuarioid, us.login, us.firstname, us.lastname`;

/** One threshold's audit trail, newest first. */
export function historyStatement(umbralId: number, limit: number, grant: Grant = EVERY_COMPANY): SQL {
  // The trail outlives its threshold: its place is read from the logged values, as recentChanges does.
  const locations = grantedLocations(grant);
  return sql`
    select ${auditColumns}
      from ${tableRef('audit_log_umbral')} a
      left join ${tableRef('usuario')} us on us.usuarioid = a.usuarioid
     where a.umbralid = ${umbralId}
       ${locations ? sql`and coalesce((a.valores_nuevos ->> 'ubicacionid')::int, (a.valores_anteriores ->> 'ubicacionid')::int) in (${locations})` : sql``}
     order by a.fecha desc, a.auditlogumbralid desc
     limit ${limit}`;
}

/**
 * The newest changes to thresholds in scope, deleted thresholds included: the place is read from
 * the logged values, not from `umbral`, which may no longer hold the row.
 */
export function recentChangesStatement(filters: UmbralScopeFilters, limit: number, grant: Grant = EVERY_COMPANY): SQL {
  const place = (column: string) =>
    sql`coalesce((a.valores_nuevos ->> ${column})::int, (a.valores_anteriores ->> ${column})::int)`;
  const conditions = scopeConditions(
    filters,
    {
      ubicacion: place('ubicacionid'),
      nodo: place('nodoid'),
      tipo: place('tipoid'),
      metrica: place('metricaid'),
    },
    grant,
  );
  return sql`
    select ${auditColumns}
      from ${tableRef('audit_log_umbral')} a
      left join ${tableRef('usuario')} us on us.usuarioid = a.usuarioid
      join ${tableRef('ubicacion')} ub on ub.ubicacionid = ${place('ubicacionid')}
      join ${tableRef('fundo')} f on f.fundoid = ub.fundoid
      join ${tableRef('empresa')} e on e.empresaid = f.empresaid
     ${where(conditions)}
     order by a.fecha desc, a.auditlogumbralid desc
     limit ${limit}`;
}

function auditValue(values: Record<string, unknown> | null, field: string): string | number | null {
  const value = values?.[field];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** The fields a change touched, old → new: all set ones for an insert or a delete. */
export function auditChanges(
  accion: UmbralAuditAction,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): UmbralAuditChange[] {
  const changes: UmbralAuditChange[] = [];
  for (const campo of UMBRAL_AUDIT_FIELDS) {
    const anterior = accion === 'INSERT' ? null : auditValue(before, campo);
    const nuevo = accion === 'DELETE' ? null : auditValue(after, campo);
    if (anterior === nuevo) continue;
    changes.push({ campo, anterior, nuevo });
  }
  return changes;
}

function toAuditEntry(row: AuditRow): UmbralAuditEntry {
  const before = json<Record<string, unknown>>(row.valores_anteriores);
  const after = json<Record<string, unknown>>(row.valores_nuevos);
  const label = auditValue(after, 'umbral') ?? auditValue(before, 'umbral');
  return {
    auditlogumbralid: row.auditlogumbralid,
    umbralid: row.umbralid,
    accion: row.accion,
    fecha: iso(row.fecha),
    usuario:
      row.usuarioid === null || row.login === null
        ? null
        : { usuarioid: row.usuarioid, login: row.login, firstname: row.firstname, lastname: row.lastname },
    cambios: auditChanges(row.accion, before, after),
    umbral: label === null ? null : String(label),
  };
}

interface PreviewRow {
  umbralid: number;
  minimo: number;
  maximo: number;
  edited_minimo: number;
  edited_maximo: number;
  total: number;
  current_readings: number;
  current_episodes: number;
  edited_readings: number;
  edited_episodes: number;
}

export interface PreviewCounts {
  umbralid: number;
  total: number;
  current: UmbralPreviewCount;
  edited: UmbralPreviewCount;
}

export interface ThresholdQueries {
  /** The places and thresholds in scope, in the companies of `grant` (issue 32). */
  scope(filters: UmbralScopeFilters, grant: Grant): Promise<UmbralScopeResponse>;
  /** The preview of a threshold's band against an edited one; undefined when the threshold does not exist. */
  preview(umbralId: number, edited: EditedBand, window: PreviewWindow): Promise<PreviewCounts | undefined>;
  history(umbralId: number, limit: number, grant: Grant): Promise<UmbralAuditEntry[]>;
  recentChanges(filters: UmbralScopeFilters, limit: number, grant: Grant): Promise<UmbralAuditEntry[]>;
  /** Replaces the profiles told, in one transaction; undefined when the threshold does not exist. */
  replaceProfiles(umbralId: number, perfilIds: readonly number[], actorId: number): Promise<UmbralPerfil[] | undefined>;
  /** Creates or replaces many thresholds in one transaction; with `dryRun`, only counts. */
  saveMassive(rows: readonly UmbralMassiveRow[], actorId: number, dryRun: boolean): Promise<UmbralMassiveResult>;
}

export function createThresholdQueries(database: Database): ThresholdQueries {
  return {
    async scope(filters, grant) {
      return groupScope(await database.query<ScopeRow>(scopeStatement(filters, grant)));
    },

    async preview(umbralId, edited, window) {
      const [row] = await database.query<PreviewRow>(previewStatement(umbralId, edited, window));
      if (!row) return undefined;
      return {
        umbralid: row.umbralid,
        total: row.total,
        current: { minimo: row.minimo, maximo: row.maximo, readings: row.current_readings, episodes: row.current_episodes },
        edited: { minimo: row.edited_minimo, maximo: row.edited_maximo, readings: row.edited_readings, episodes: row.edited_episodes },
      };
    },

    async history(umbralId, limit, grant) {
      return (await database.query<AuditRow>(historyStatement(umbralId, limit, grant))).map(toAuditEntry);
    },

    async recentChanges(filters, limit, grant) {
      return (await database.query<AuditRow>(recentChangesStatement(filters, limit, grant))).map(toAuditEntry);
    },

    async saveMassive(rows, actorId, dryRun) {
      if (dryRun) {
        const [counted] = await database.query<{ total: number; replaced: number }>(massiveCountStatement(rows));
        return { created: (counted?.total ?? 0) - (counted?.replaced ?? 0), replaced: counted?.replaced ?? 0, dryRun };
      }
      return appDb(database).transaction(async (tx) => {
        const run = async <Row>(statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;
        // The audit trigger records who replaced each band.
        await run(sql`select set_config('camposense.usuarioid', ${String(actorId)}, true)`);
        const [saved] = await run<{ created: number; replaced: number }>(massiveSaveStatement(rows, actorId));
        return { created: saved?.created ?? 0, replaced: saved?.replaced ?? 0, dryRun };
      });
    },

    async replaceProfiles(umbralId, perfilIds, actorId) {
      return appDb(database).transaction(async (tx) => {
        const run = async <Row>(statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;
        // Lock the threshold so two admins replacing its profiles at once end with one whole set.
        const found = await run(sql`select umbralid from ${tableRef('umbral')} where umbralid = ${umbralId} for update`);
        if (found.length === 0) return undefined;
        await run(sql`delete from ${tableRef('perfilumbral')} where umbralid = ${umbralId}`);
        if (perfilIds.length > 0) {
          const rows = perfilIds.map((perfilId) => sql`(${perfilId}, ${umbralId}, ${actorId}, ${actorId})`);
          await run(sql`
            insert into ${tableRef('perfilumbral')} (perfilid, umbralid, usercreatedid, usermodifiedid)
            values ${sql.join(rows, sql`, `)}`);
        }
        return run<UmbralPerfil>(sql`
          select pf.perfilid, pf.perfil
            from ${tableRef('perfilumbral')} pu join ${tableRef('perfil')} pf on pf.perfilid = pu.perfilid
           where pu.umbralid = ${umbralId}
           order by pf.perfil`);
      });
    },
  };
}
