/**
 * `sense.medicion` by month on PostgreSQL (issue 17, "Big data stays fast"): native declarative
 * partitioning, one partition per calendar month (UTC), kept PARTITION_MONTHS_AHEAD months ahead,
 * and a default partition for readings outside them (a late backfill years back). A query with a
 * date range reads only the months it covers; retention drops whole months instead of deleting
 * row by row. PGlite (one process, a farm's worth of data) keeps the plain table of the
 * migrations; retention there deletes rows.
 *
 * Why not pg_partman: it needs a Debian package and a superuser-installed extension on every
 * server, for what is here a few statements a day; these are tested on both databases like the
 * rest of the schema.
 *
 * What partitioning changes in the schema (PostgreSQL 15 allows neither identity columns nor
 * foreign keys to a partitioned table without the partition key):
 * - medicionid takes its values from the sequence `sense.medicion_medicionid_seq` by default
 *   instead of being an identity column, and the primary key is (medicionid, fecha);
 * - alerta.medicionid → medicion is kept by triggers instead of a foreign key (REFERENCE_TRIGGERS):
 *   an alert keeps its reading's id and time (alerta.fecha is the reading's time) and outlives the
 *   reading under retention.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Months created ahead of the current one, so a reading never waits for a partition. */
export const PARTITION_MONTHS_AHEAD = 3;
/** Months created back from the current one when the table is first partitioned. */
export const PARTITION_MONTHS_BACK = 12;
/** The advisory lock under which one instance at a time changes the partitions. */
const PARTITIONS_LOCK = 'camposense:medicion-partitions';

export interface PartitionMaintenance {
  /** Partitions created (names). */
  created: string[];
  /** Partitions dropped by retention (names). */
  dropped: string[];
  /** Rows deleted by retention outside whole partitions (the default partition; PGlite's table). */
  deletedRows: number;
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const partitionName = (start: Date) => `medicion_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
/** The start of the month `offset` months from `date`'s, UTC. */
export function monthFrom(date: Date, offset: number): Date {
  return monthStart(date.getUTCFullYear(), date.getUTCMonth() + offset);
}

export async function isMeasurementTablePartitioned(database: Database): Promise<boolean> {
  if (database.kind !== 'postgres') return false;
  const rows = await database.query<{ partitioned: boolean }>(sql`
    select exists (select 1 from pg_partitioned_table where partrelid = 'sense.medicion'::regclass) as partitioned`);
  return rows[0]?.partitioned === true;
}

/**
 * Turns the migrations' plain `sense.medicion` into the partitioned one, moving its rows, in one
 * transaction (readings wait, none is lost). Nothing on PGlite or when already partitioned.
 * Answers whether it converted.
 */
export async function partitionMeasurementTable(database: Database, now: Date = new Date()): Promise<boolean> {
  if (database.kind !== 'postgres' || (await isMeasurementTablePartitioned(database))) return false;
  const first = monthFrom(now, -PARTITION_MONTHS_BACK);
  const last = monthFrom(now, PARTITION_MONTHS_AHEAD);
  const months: string[] = [];
  for (let start = first; start <= last; start = monthFrom(start, 1)) months.push(monthPartitionStatement(start));
  const converted = await database.db.transaction(async (tx) => {
    // A big table takes longer to move than a request's statement timeout allows, and instances
    // starting together wait here (one converts; the others then find it done).
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${PARTITIONS_LOCK}))`);
    const done = await tx.execute(sql`select exists (select 1 from pg_partitioned_table where partrelid = 'sense.medicion'::regclass) as partitioned`);
    if ((done.rows[0] as { partitioned: boolean } | undefined)?.partitioned === true) return false;
    const rowSecurity = await rowSecurityStatements(tx);
    await tx.execute(sql.raw(`
      lock table sense.medicion in access exclusive mode;
      alter table sense.alerta drop constraint if exists alerta_medicionid_medicion_medicionid_fk;
      alter table sense.medicion rename to medicion_sin_particionar;
      alter index sense.medicion_pkey rename to medicion_sin_particionar_pkey;
      alter index sense.medicion_fecha_idx rename to medicion_sin_particionar_fecha_idx;
      alter index sense.medicion_lectura_key rename to medicion_sin_particionar_lectura_key;
      alter index sense.medicion_ubicacionid_fecha_idx rename to medicion_sin_particionar_ubicacionid_fecha_idx;
      alter index sense.medicion_ubicacionid_metricaid_fecha_idx rename to medicion_sin_particionar_ubicacionid_metricaid_fecha_idx;
      create table sense.medicion (
        medicionid bigint not null,
        fecha timestamp with time zone not null,
        medicion double precision not null,
        nodoid integer not null,
        tipoid integer not null,
        metricaid integer not null,
        ubicacionid integer not null,
        medicionabrev varchar(10),
        constraint medicion_pkey primary key (medicionid, fecha),
        constraint medicion_ubicacionid_ubicacion_ubicacionid_fk foreign key (ubicacionid) references sense.ubicacion (ubicacionid),
        constraint medicion_metricasensor_fkey foreign key (nodoid, metricaid, tipoid) references sense.metricasensor (nodoid, metricaid, tipoid)
      ) partition by range (fecha);
      create index medicion_fecha_idx on sense.medicion using btree (fecha desc);
      create unique index medicion_lectura_key on sense.medicion using btree (nodoid, metricaid, fecha, tipoid) include (medicion, ubicacionid);
      create index medicion_ubicacionid_fecha_idx on sense.medicion using btree (ubicacionid, fecha);
      create index medicion_ubicacionid_metricaid_fecha_idx on sense.medicion using btree (ubicacionid, metricaid, fecha) include (medicion, nodoid, tipoid);
      ${rowSecurity}
      create table sense.medicion_default partition of sense.medicion default;
      alter table sense.medicion_default enable row level security;
      ${months.join('\n')}
      insert into sense.medicion (medicionid, fecha, medicion, nodoid, tipoid, metricaid, ubicacionid, medicionabrev)
        select medicionid, fecha, medicion, nodoid, tipoid, metricaid, ubicacionid, medicionabrev from sense.medicion_sin_particionar;
      drop table sense.medicion_sin_particionar;
      create sequence sense.medicion_medicionid_seq as bigint owned by sense.medicion.medicionid;
      select setval('sense.medicion_medicionid_seq', coalesce((select max(medicionid) from sense.medicion), 0) + 1, false);
      alter table sense.medicion alter column medicionid set default nextval('sense.medicion_medicionid_seq');
      ${REFERENCE_TRIGGERS}
      ${HOURLY_TRIGGERS}
    `));
    return true;
  });
  if (!converted) return false;
  await database.query(sql`analyze sense.medicion`);
  return true;
}

/**
 * The statements that give the new partitioned table the row-level security of the plain one
 * (issue 32, migration 0023): whether it is enabled, and each policy as pg_policies deparses it.
 * Without them the conversion left every tenant reading every company's readings.
 */
async function rowSecurityStatements(tx: { execute(query: SQL): Promise<{ rows: unknown[] }> }): Promise<string> {
  const { rows } = await tx.execute(sql`
    select case when c.relrowsecurity then 'alter table sense.medicion enable row level security;' else '' end
           || coalesce((select string_agg(format('create policy %I on sense.medicion as %s for %s to %s%s%s;',
                                                 p.policyname, p.permissive, p.cmd,
                                                 (select string_agg(case when r = 'public' then 'public' else quote_ident(r) end, ', ') from unnest(p.roles) r),
                                                 coalesce(' using (' || p.qual || ')', ''),
                                                 coalesce(' with check (' || p.with_check || ')', '')), ' ' order by p.policyname)
                          from pg_policies p where p.schemaname = 'sense' and p.tablename = 'medicion'), '') as statements
      from pg_class c where c.oid = 'sense.medicion'::regclass`);
  return (rows[0] as { statements: string } | undefined)?.statements ?? '';
}

/**
 * The foreign key alerta.medicionid → medicion, kept by triggers (PostgreSQL 15 cannot reference a
 * partitioned table by a key without its partition key): a reading an alert points at cannot be
 * deleted, with the same error and constraint name the foreign key gave, and an alert must point
 * at a reading of its own time (alerta.fecha is the reading's; the lookup reads one month).
 * Retention drops whole months (no row trigger fires) and, for the default partition, sets
 * `camposense.retention` for its transaction: alerts outlive their readings by design.
 */
const REFERENCE_TRIGGERS = `
  create or replace function sense.medicion_referenced_by_alert() returns trigger language plpgsql as $trigger$
  begin
    if coalesce(current_setting('camposense.retention', true), '') = 'on' then return old; end if;
    if exists (select 1 from sense.alerta a where a.medicionid = old.medicionid) then
      raise exception using errcode = 'foreign_key_violation', schema = 'sense', table = 'medicion',
        constraint = 'alerta_medicionid_medicion_medicionid_fk',
        message = 'update or delete on table "medicion" violates foreign key constraint "alerta_medicionid_medicion_medicionid_fk" on table "alerta"';
    end if;
    return old;
  end $trigger$;
  create trigger medicion_referenced_by_alert before delete or update of medicionid on sense.medicion
    for each row execute function sense.medicion_referenced_by_alert();
  create or replace function sense.alerta_reading_exists() returns trigger language plpgsql as $trigger$
  begin
    if not exists (select 1 from sense.medicion m where m.medicionid = new.medicionid and m.fecha = new.fecha) then
      raise exception using errcode = 'foreign_key_violation', schema = 'sense', table = 'alerta',
        constraint = 'alerta_medicionid_medicion_medicionid_fk',
        message = 'insert or update on table "alerta" violates foreign key constraint "alerta_medicionid_medicion_medicionid_fk"',
        detail = format('No reading %s at %s.', new.medicionid, new.fecha);
    end if;
    return new;
  end $trigger$;
  create trigger alerta_reading_exists before insert or update of medicionid, fecha on sense.alerta
    for each row execute function sense.alerta_reading_exists();
`;

/**
 * The triggers that keep `medicionhora` (migration 0019; the functions stay when the plain table is
 * dropped). Created after the rows move, which the hourly table already counts.
 */
const HOURLY_TRIGGERS = `
  create trigger medicionhora_insert after insert on sense.medicion
    referencing new table as nuevas for each statement execute function sense.medicionhora_insert();
  create trigger medicionhora_update after update on sense.medicion
    referencing old table as antes new table as despues for each statement execute function sense.medicionhora_update();
  create trigger medicionhora_delete after delete on sense.medicion
    referencing old table as antes for each statement execute function sense.medicionhora_delete();
  create trigger medicionhora_truncate after truncate on sense.medicion
    for each statement execute function sense.medicionhora_truncate();
`;

/**
 * A month's partition. Its row-level security is enabled with no policy: a tenant that named the
 * partition itself would read nothing, while through `sense.medicion` only the parent's policies
 * apply (PostgreSQL's rule for partitions).
 */
function monthPartitionStatement(start: Date): string {
  const end = monthFrom(start, 1);
  const name = `sense.${partitionName(start)}`;
  return `create table if not exists ${name} partition of sense.medicion for values from ('${start.toISOString()}') to ('${end.toISOString()}');
          alter table ${name} enable row level security;`;
}

/**
 * Creates the months up to PARTITION_MONTHS_AHEAD ahead of `now`, and with `retentionMonths`
 * drops the months wholly older than that many months before the current one (and deletes older
 * rows from the default partition, or from PGlite's plain table). One instance at a time: a
 * transaction-level advisory lock makes a second one skip.
 */
export async function maintainMeasurementPartitions(
  database: Database,
  { now = new Date(), retentionMonths }: { now?: Date; retentionMonths?: number | undefined } = {},
): Promise<PartitionMaintenance> {
  const result: PartitionMaintenance = { created: [], dropped: [], deletedRows: 0 };
  const cutoff = retentionMonths === undefined ? null : monthFrom(now, -retentionMonths);
  if (cutoff) {
    // The radio's view of each uplink and the status events age with the readings (issue 33).
    await database.query(sql`delete from sense.recepcion where fecha < ${cutoff.toISOString()}::timestamptz`);
    await database.query(sql`delete from sense.estadodispositivo where fecha < ${cutoff.toISOString()}::timestamptz`);
  }
  if (database.kind !== 'postgres') {
    if (cutoff) {
      const deleted = await database.query<{ n: number }>(sql`
        with gone as (
          -- The foreign key stays on PGlite's plain table: readings an alert points at are kept.
          delete from sense.medicion m where m.fecha < ${cutoff.toISOString()}::timestamptz
             and not exists (select 1 from sense.alerta a where a.medicionid = m.medicionid)
          returning 1)
        select count(*)::int as n from gone`);
      result.deletedRows = deleted[0]?.n ?? 0;
    }
    return result;
  }
  if (!(await isMeasurementTablePartitioned(database))) return result;
  await database.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${PARTITIONS_LOCK})) as locked`);
    if ((locked.rows[0] as { locked: boolean } | undefined)?.locked !== true) return;
    await tx.execute(sql`set local statement_timeout = 0`);
    const existing = new Set(
      (
        await tx.execute(sql`
          select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
           where i.inhparent = 'sense.medicion'::regclass`)
      ).rows.map((row) => (row as { relname: string }).relname),
    );
    for (let start = monthFrom(now, 0); start <= monthFrom(now, PARTITION_MONTHS_AHEAD); start = monthFrom(start, 1)) {
      const name = partitionName(start);
      if (existing.has(name)) continue;
      await tx.execute(sql.raw(monthPartitionStatement(start)));
      result.created.push(name);
    }
    if (!cutoff) return;
    for (const name of [...existing].sort()) {
      const match = /^medicion_y(\d{4})m(\d{2})$/.exec(name);
      if (!match) continue;
      const end = monthStart(Number(match[1]), Number(match[2]));
      if (end <= cutoff) {
        await tx.execute(sql.raw(`drop table sense.${name}`));
        result.dropped.push(name);
      }
    }
    // Dropped months and the default partition's rows fire no trigger on medicion: their hours go here.
    await tx.execute(sql`delete from sense.medicionhora where hora < ${cutoff.toISOString()}::timestamptz`);
    await tx.execute(sql`set local camposense.retention = 'on'`);
    const deleted = await tx.execute(sql`
      with gone as (delete from sense.medicion_default where fecha < ${cutoff.toISOString()}::timestamptz returning 1)
      select count(*)::int as n from gone`);
    result.deletedRows = (deleted.rows[0] as { n: number } | undefined)?.n ?? 0;
  });
  return result;
}
