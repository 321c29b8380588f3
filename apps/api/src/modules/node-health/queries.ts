/**
 * Issue 33: the farm's map (each placed node with its state, last values, battery and RSSI) and a
 * node's health from the radio (last uplink, battery, RSSI/SNR trend, frame-counter gaps).
 */
import type { Database } from '@camposense/db';
import { HEALTH_GAPS_LISTED, HEALTH_METRICS, HEALTH_TREND_MAX_POINTS, LOW_BATTERY_PERCENT, NODE_MAP_STATES } from '@camposense/domain';
import type { NodeBattery, NodeFrameGap, NodeFrames, NodeHealthResponse, NodeMapNode, NodeMapQuery, NodeMapResponse, NodeMapState, NodeMapValue, NodeRadioPoint, NodeUplink } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { isoUtc } from '../../sense/timestamps';
import { grantedCompanies } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';

const HEALTH_ABBREVIATIONS = Object.values(HEALTH_METRICS);
const healthList = sql.join(HEALTH_ABBREVIATIONS.map((abbreviation) => sql`${abbreviation}`), sql`, `);

/**
 * Each active node matching `where` (on `n` and its placement `pl`) with what its state is made
 * of, the state itself (NODE_MAP_STATES' precedence), and its place. The placement is the node
 * list's (an active one first); a node with none has null place columns.
 */
function nodeStatusStatement(where: SQL, nowMs: number): SQL {
  const now = sql`to_timestamp(${nowMs / 1000}::float8)`;
  return sql`
    select n.nodoid, n.nodo, n.deveui, pl.latitud::float8 as latitud, pl.longitud::float8 as longitud,
           pl.ubicacionid, pl.ubicacion, pl.fundoid, pl.fundo,
           ${isoUtc(sql`greatest(latest.fecha, rx.fecha)`)} as "ultimaFecha",
           coalesce(latest.valores, '[]'::json) as valores,
           st.nivelbateria as bateria, rx.rssi,
           case
             -- As the silent-node notice: nothing heard within the node's inactivity window.
             when greatest(latest.fecha, rx.fecha) is null
               or greatest(latest.fecha, rx.fecha) + make_interval(mins => n.ventanainactividad) <= ${now} then 'silencioso'
             when coalesce(open.otras, false) then 'alerta'
             when st.nivelbateria < ${LOW_BATTERY_PERCENT} or coalesce(open.bateria, false) then 'bateria-baja'
             else 'normal'
           end as estado
      from sense.nodo n
      left join lateral (
        select lo.latitud, lo.longitud, u.ubicacionid, u.ubicacion, f.fundoid, f.fundo, e.empresaid, e.paisid
          from sense.localizacion lo
          join sense.ubicacion u on u.ubicacionid = lo.ubicacionid
          join sense.fundo f on f.fundoid = u.fundoid
          join sense.empresa e on e.empresaid = f.empresaid
         where lo.nodoid = n.nodoid
         order by lo.statusid desc, lo.datemodified desc nulls last, lo.entidadid, lo.ubicacionid
         limit 1) pl on true
      left join lateral (
        select max(um.fecha) as fecha,
               json_agg(json_build_object('metricaabrev', coalesce(me.metricaabrev, ''), 'metrica', me.metrica, 'unidad', me.unidad,
                                          'valor', um.medicion, 'fecha', ${isoUtc(sql`um.fecha`)})
                        order by um.tipoid, um.metricaid) as valores
          from sense.ultimamedicion um
          join sense.metrica me on me.metricaid = um.metricaid
         where um.nodoid = n.nodoid) latest on true
      left join lateral (
        select r.fecha, r.rssi from sense.recepcion r where r.nodoid = n.nodoid order by r.fecha desc, r.fcnt desc limit 1) rx on true
      left join lateral (
        select s.nivelbateria from sense.estadodispositivo s where s.nodoid = n.nodoid order by s.fecha desc limit 1) st on true
      left join lateral (
        select bool_or(coalesce(me.metricaabrev, '') not in (${healthList})) as otras,
               bool_or(me.metricaabrev = ${HEALTH_METRICS.bateria}) as bateria
          from sense.episodio ep
          join sense.umbral um on um.umbralid = ep.umbralid
          join sense.metrica me on me.metricaid = um.metricaid
         where ep.nodoid = n.nodoid and ep.tipo = 'umbral' and ep.fechafin is null) open on true
     where n.statusid = 1 and ${where}
     order by n.nodo, n.nodoid`;
}

interface NodeStatusRow extends Omit<NodeMapNode, 'latitud' | 'longitud' | 'ubicacionid' | 'ubicacion' | 'fundoid' | 'fundo' | 'valores'> {
  valores: NodeMapValue[];
  latitud: number | null;
  longitud: number | null;
  ubicacionid: number | null;
  ubicacion: string | null;
  fundoid: number | null;
  fundo: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The state the statement wrote, checked against the contract's (a typo there must not reach a client). */
function stateOf(row: { estado: string }): NodeMapState {
  const state = NODE_MAP_STATES.find((candidate) => candidate === row.estado);
  if (!state) throw new Error(`node state ${row.estado} is not one of the contract's`);
  return state;
}

export interface HealthWindow {
  start: Date;
  end: Date;
}

export interface NodeHealthQueries {
  /** Only the nodes placed in a company of `grant` (by the placement the map shows). */
  map(scope: NodeMapQuery, nowMs: number, grant: Grant): Promise<NodeMapResponse>;
  /** Null for an unknown (or inactive) node. */
  health(nodoid: number, window: HealthWindow, nowMs: number): Promise<NodeHealthResponse | null>;
}

export function createNodeHealthQueries(database: Database): NodeHealthQueries {
  return {
    async map(scope, nowMs, grant) {
      const conditions: SQL[] = [sql`pl.ubicacionid is not null`];
      const granted = grantedCompanies(grant, sql`pl.empresaid`);
      if (granted) conditions.push(granted);
      if (scope.paisid !== undefined) conditions.push(sql`pl.paisid = ${scope.paisid}`);
      if (scope.empresaid !== undefined) conditions.push(sql`pl.empresaid = ${scope.empresaid}`);
      if (scope.fundoid !== undefined) conditions.push(sql`pl.fundoid = ${scope.fundoid}`);
      if (scope.ubicacionid !== undefined) conditions.push(sql`pl.ubicacionid = ${scope.ubicacionid}`);
      const rows = await database.query<NodeStatusRow>(nodeStatusStatement(sql.join(conditions, sql` and `), nowMs));
      const nodos: NodeMapNode[] = [];
      let sinCoordenadas = 0;
      for (const row of rows) {
        const { latitud, longitud, ubicacionid, ubicacion, fundoid, fundo } = row;
        if (latitud === null || longitud === null || ubicacionid === null || ubicacion === null || fundoid === null || fundo === null) {
          sinCoordenadas += 1;
          continue;
        }
        nodos.push({ ...row, estado: stateOf(row), latitud, longitud, ubicacionid, ubicacion, fundoid, fundo });
      }
      return { nodos, sinCoordenadas };
    },

    async health(nodoid, window, nowMs) {
      const [node] = await database.query<NodeStatusRow>(nodeStatusStatement(sql`n.nodoid = ${nodoid}`, nowMs));
      if (!node) return null;
      const start = sql`${window.start.toISOString()}::timestamptz`;
      const end = sql`${window.end.toISOString()}::timestamptz`;
      const inWindow = sql`r.nodoid = ${nodoid} and r.fecha >= ${start} and r.fecha < ${end}`;
      const bucketSeconds = Math.max(0.001, (window.end.getTime() - window.start.getTime()) / 1000 / HEALTH_TREND_MAX_POINTS);
      // Consecutive uplinks by time: a counter above the previous one plus one is a gap (lost
      // uplinks); one at or below it is a re-delivery (same counter) or a reset (a rejoin starts
      // again at 0, a 32-bit counter wraps), never a loss.
      const consecutive = sql`(select r.fecha, r.fcnt, lag(r.fcnt) over (order by r.fecha, r.fcnt) as previo
                                 from sense.recepcion r where ${inWindow}) c`;
      const [last, battery, trend, frames, gaps] = await Promise.all([
        database.query<{ fecha: Date | string; rssi: number; snr: number; gatewayId: string; fcnt: number }>(sql`
          select r.fecha, r.rssi, r.snr, r.pasarela as "gatewayId", r.fcnt::float8 as fcnt
            from sense.recepcion r where r.nodoid = ${nodoid} order by r.fecha desc, r.fcnt desc limit 1`),
        database.query<{ fecha: Date | string; nivel: number | null; margen: number | null; externa: boolean }>(sql`
          select s.fecha, s.nivelbateria as nivel, s.margen, s.alimentacionexterna as externa
            from sense.estadodispositivo s where s.nodoid = ${nodoid} order by s.fecha desc limit 1`),
        // Bucket i covers [start + i·b, start + (i+1)·b): at most HEALTH_TREND_MAX_POINTS of them.
        database.query<{ fecha: Date | string; rssi: number; snr: number }>(sql`
          select ${start} + make_interval(secs => b.i * ${bucketSeconds}::float8) as fecha, avg(b.rssi) as rssi, avg(b.snr) as snr
            from (select least(floor(extract(epoch from r.fecha - ${start}) / ${bucketSeconds}::float8)::int, ${HEALTH_TREND_MAX_POINTS - 1}) as i,
                         r.rssi, r.snr
                    from sense.recepcion r where ${inWindow}) b
           group by b.i order by b.i`),
        database.query<{ recibidas: number; perdidas: number }>(sql`
          select count(*) filter (where c.previo is null or c.fcnt <> c.previo)::int as recibidas,
                 coalesce(sum(c.fcnt - c.previo - 1) filter (where c.fcnt > c.previo + 1), 0)::float8 as perdidas
            from ${consecutive}`),
        database.query<Omit<NodeFrameGap, 'fecha'> & { fecha: Date | string }>(sql`
          select (c.previo + 1)::float8 as "desdeFcnt", (c.fcnt - 1)::float8 as "hastaFcnt", c.fecha
            from ${consecutive}
           where c.fcnt > c.previo + 1
           order by c.fecha desc, c.fcnt desc
           limit ${HEALTH_GAPS_LISTED}`),
      ]);
      const ultimaRecepcion: NodeUplink | null = last[0] ? { ...last[0], fecha: iso(last[0].fecha) } : null;
      const bateria: NodeBattery | null = battery[0] ? { ...battery[0], fecha: iso(battery[0].fecha) } : null;
      const tendencia: NodeRadioPoint[] = trend.map((point) => ({ fecha: iso(point.fecha), rssi: Number(point.rssi), snr: Number(point.snr) }));
      const tramas: NodeFrames = {
        recibidas: frames[0]?.recibidas ?? 0,
        perdidas: frames[0]?.perdidas ?? 0,
        huecos: gaps.map((gap) => ({ ...gap, fecha: iso(gap.fecha) })),
      };
      return { nodoid: node.nodoid, nodo: node.nodo, deveui: node.deveui, estado: stateOf(node), ultimaRecepcion, bateria, tendencia, tramas };
    },
  };
}
