/**
 * Alerts and messages of the demo farm, written by the database from the readings: an alert is
 * exactly a reading outside an active threshold of its probe and metric, and a message goes to
 * the contacts of the profiles assigned to the threshold when an alert episode starts.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

export interface AlertScope {
  /** The farm's first reading and threshold ids: older rows are not the farm's. */
  firstMedicionId: number;
  firstUmbralId: number;
  /** The id the farm's first episode gets (its episodes are written just before its alerts). */
  firstEpisodioId: number;
  /** The farm's clock: alert and message states depend on their age. */
  now: Date;
}

/**
 * One alert per (reading, active threshold) pair whose value is outside [minimo, maximo], in time
 * order so that alert ids grow with time, each in its episode, written as the alarm engine would
 * (alarms.md, "Thresholds are evaluated"; issue 28, item 3): an episode is a threshold's run of
 * consecutive breaking readings (the farm reports every 15 minutes without gaps); it ended at the
 * probe's next reading, which was back in range, when there is one (closed, statusid 0, its alerts 0),
 * and is still open otherwise (statusid 1, its alerts active). So no alert stays active whose readings
 * came back in range, and the alerts en curso are exactly those of the open episodes. Closed episodes
 * that began more than 3 days before the farm's clock were acknowledged 20 minutes after they began
 * (their alerts processed, -1), so the reports show all three states.
 */
export function insertAlertsStatement(scope: AlertScope): SQL {
  return sql`
    insert into sense.alerta (umbralid, medicionid, fecha, datecreated, statusid, episodioid, fechareconocido)
    select e.umbralid, e.medicionid, e.fecha, e.fecha + interval '20 seconds',
      case when e.acknowledged then -1 when e.ended then 0 else 1 end,
      ${scope.firstEpisodioId}::bigint + e.episode_rank - 1,
      case when e.acknowledged then greatest(e.inicio + interval '20 minutes', e.fecha + interval '20 seconds') end
    from demo_runs e
    order by e.fecha, e.medicionid, e.umbralid`;
}

/**
 * The episodes of the alerts above, written first, in the order of their ranks, so that the n-th
 * gets the id firstEpisodioId + n - 1 the alerts point to (ids are given in insert order).
 */
export function insertEpisodesStatement(): SQL {
  return sql`
    insert into sense.episodio (tipo, umbralid, nodoid, criticidadid, fechainicio, fechafin, fechareconocido, datecreated, statusid)
    select 'umbral', e.umbralid, e.nodoid, e.criticidadid, e.inicio,
      case when e.ended then e.ultima + interval '15 minutes' end,
      case when e.acknowledged then e.inicio + interval '20 minutes' end,
      e.inicio + interval '20 seconds',
      case when e.ended then 0 else 1 end
    from (select distinct on (episode_rank) * from demo_runs order by episode_rank) e
    order by e.episode_rank`;
}

/**
 * Written once, read by insertEpisodesStatement and insertAlertsStatement (in this order, in the
 * farm's transaction): the table \`demo_runs\`, dropped at commit.
 */
export function breakingRunsStatements(scope: AlertScope): SQL[] {
  return [
    // Its own statement and no parameters: CREATE TABLE AS takes none.
    sql`create temporary table demo_runs (umbralid integer, nodoid integer, criticidadid integer, medicionid bigint,
      fecha timestamptz, inicio timestamptz, ultima timestamptz, ended boolean, acknowledged boolean, episode_rank bigint) on commit drop`,
    sql`insert into demo_runs ${breakingRuns(scope)}
      select umbralid, nodoid, criticidadid, medicionid, fecha, inicio, ultima, ended, acknowledged, episode_rank from runs`,
  ];
}

/**
 * Every breaking (reading, active threshold) pair with its episode, by window functions alone (joins
 * on CTEs made the planner loop: two minutes for a 30-day farm): the run number (a gap of more than
 * one 15-minute step starts a new run), the run's first and last breaking reading, whether the probe
 * read again after it (ended), and the episode's rank in (start, threshold) order.
 */
function breakingRuns(scope: AlertScope): SQL {
  const now = sql`${scope.now.toISOString()}::timestamptz`;
  return sql`
    with breaking as (
      select u.umbralid, u.nodoid, u.criticidadid, m.medicionid, m.fecha,
        lag(m.fecha) over (partition by u.umbralid order by m.fecha, m.medicionid) as previous_fecha,
        last.fecha as probe_last
      from sense.medicion m
      join sense.umbral u
        on u.nodoid = m.nodoid and u.tipoid = m.tipoid and u.metricaid = m.metricaid and u.ubicacionid = m.ubicacionid
      join sense.ultimamedicion last on last.nodoid = m.nodoid and last.tipoid = m.tipoid and last.metricaid = m.metricaid
      where m.medicionid >= ${scope.firstMedicionId}
        and u.umbralid >= ${scope.firstUmbralId}
        and u.statusid = 1
        and (m.medicion < u.minimo or m.medicion > u.maximo)
    ),
    numbered as (
      select b.*, sum(case when b.previous_fecha is null or b.fecha - b.previous_fecha > interval '15 minutes' then 1 else 0 end)
        over (partition by b.umbralid order by b.fecha, b.medicionid) as run
      from breaking b
    ),
    spans as (
      select n.*, min(n.fecha) over w as inicio, max(n.fecha) over w as ultima
      from numbered n
      window w as (partition by n.umbralid, n.run)
    ),
    runs as (
      select s.*, s.ultima < s.probe_last as ended,
        s.ultima < s.probe_last and s.inicio <= ${now} - interval '3 days' as acknowledged,
        dense_rank() over (order by s.inicio, s.umbralid) as episode_rank
      from spans s
    )`;
}

export interface MessageScope {
  firstAlertaId: number;
  /** Hours from UTC of each country id, for the local time in the text. */
  utcOffsetByPaisId: ReadonlyArray<{ paisid: number; hours: number }>;
}

/** Formats a double with `decimals` decimals, or with no trailing zeros when `decimals` is null. */
function formatted(value: SQL, decimals: SQL): SQL {
  return sql`trim_scale(round((${value})::numeric, ${decimals}))::text`;
}

/**
 * One message per alert episode start (the probe's previous reading was within the band) and
 * recipient: every e-mail contact of the users holding a profile assigned to the threshold, and
 * their SMS contacts too when the severity is Alta or Media (grado ≤ 2). About one in twenty
 * deliveries fails (statusid 0), chosen from the ids so the farm stays deterministic.
 */
export function insertMessagesStatement(scope: MessageScope): SQL {
  const zones = sql.join(
    scope.utcOffsetByPaisId.map((zone) => sql`(${zone.paisid}::int, ${zone.hours}::int)`),
    sql`, `,
  );
  const decimals = sql`case me.metricaabrev when 'HUM' then 1 else 2 end`;
  return sql`
    with farm_alerts as (
      select a.alertaid, a.umbralid, a.medicionid, a.fecha, a.datecreated, a.episodioid,
        lag(a.fecha) over (partition by a.umbralid order by a.fecha, a.alertaid) as previous_fecha
      from sense.alerta a
      where a.alertaid >= ${scope.firstAlertaId}
    ),
    episode_starts as (
      select * from farm_alerts
      where previous_fecha is null or fecha - previous_fecha > interval '15 minutes'
    ),
    zones (paisid, hours) as (values ${zones}),
    recipients as (
      select distinct s.alertaid, c.contactoid
      from episode_starts s
      join sense.umbral u on u.umbralid = s.umbralid
      join sense.criticidad cr on cr.criticidadid = u.criticidadid
      join sense.perfilumbral pu on pu.umbralid = u.umbralid and pu.statusid = 1
      join sense.usuarioperfil up on up.perfilid = pu.perfilid and up.statusid = 1
      join sense.contacto c on c.usuarioid = up.usuarioid and c.statusid = 1
      join sense.medio mo on mo.medioid = c.medioid
      where mo.nombre = 'correo' or (mo.nombre = 'sms' and cr.grado <= 2)
    )
    insert into sense.mensaje (contactoid, alertaid, episodioid, mensaje, fecha, datecreated, statusid)
    select r.contactoid, s.alertaid, s.episodioid,
      'ALERTA ' || cr.criticidad || ': ' || me.metrica || ' ' || ${formatted(sql`md.medicion`, decimals)} || ' ' ||
        me.unidad || ' fuera de rango [' || ${formatted(sql`u.minimo`, decimals)} || '–' ||
        ${formatted(sql`u.maximo`, decimals)} || '] en ' || n.nodo || ' (' || f.fundo || ', ' || ub.ubicacion ||
        ') a las ' || to_char((s.fecha at time zone 'UTC') + make_interval(hours => z.hours), 'HH24:MI'),
      s.datecreated + interval '40 seconds',
      s.datecreated,
      case when (s.alertaid * 7 + r.contactoid) % 20 = 0 then 0 else 1 end
    from recipients r
    join episode_starts s on s.alertaid = r.alertaid
    join sense.umbral u on u.umbralid = s.umbralid
    join sense.criticidad cr on cr.criticidadid = u.criticidadid
    -- fecha too: on PostgreSQL medicion is partitioned by it (libs/db/src/partitions.ts).
    join sense.medicion md on md.medicionid = s.medicionid and md.fecha = s.fecha
    join sense.metrica me on me.metricaid = u.metricaid
    join sense.nodo n on n.nodoid = u.nodoid
    join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
    join sense.fundo f on f.fundoid = ub.fundoid
    join sense.empresa e on e.empresaid = f.empresaid
    join zones z on z.paisid = e.paisid
    order by s.fecha, s.alertaid, r.contactoid`;
}
