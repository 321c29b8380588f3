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
  /** The farm's clock: alert and message states depend on their age. */
  now: Date;
}

/**
 * One alert per (reading, active threshold) pair whose value is outside [minimo, maximo], in
 * time order so that alert ids grow with time. States by age: the last 6 hours are active (1),
 * up to 3 days mostly closed (0) with some still active, older ones processed (-1).
 */
export function insertAlertsStatement(scope: AlertScope): SQL {
  const now = sql`${scope.now.toISOString()}::timestamptz`;
  return sql`
    insert into sense.alerta (umbralid, medicionid, fecha, datecreated, statusid)
    select u.umbralid, m.medicionid, m.fecha, m.fecha + interval '20 seconds',
      case
        when m.fecha > ${now} - interval '6 hours' then 1
        when m.fecha > ${now} - interval '3 days' then case when m.medicionid % 4 = 0 then 1 else 0 end
        else -1
      end
    from sense.medicion m
    join sense.umbral u
      on u.nodoid = m.nodoid and u.tipoid = m.tipoid and u.metricaid = m.metricaid and u.ubicacionid = m.ubicacionid
    where m.medicionid >= ${scope.firstMedicionId}
      and u.umbralid >= ${scope.firstUmbralId}
      and u.statusid = 1
      and (m.medicion < u.minimo or m.medicion > u.maximo)
    order by m.fecha, m.medicionid, u.umbralid`;
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
      select a.alertaid, a.umbralid, a.medicionid, a.fecha, a.datecreated,
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
    insert into sense.mensaje (contactoid, alertaid, mensaje, fecha, datecreated, statusid)
    select r.contactoid, s.alertaid,
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
