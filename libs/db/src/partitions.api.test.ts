import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { dropReadingIndexes } from './demo/seed-readings';
import {
  isMeasurementTablePartitioned,
  maintainMeasurementPartitions,
  monthFrom,
  partitionMeasurementTable,
  PARTITION_MONTHS_AHEAD,
  PARTITION_MONTHS_BACK,
} from './partitions';
import { sqlState, violatedConstraint } from './errors';
import { runAsTenant } from './tenant-scope';
import { hourlyTableMismatches, seedDemoProbe, testDrivers } from './testing/index';
import type { PlacedProbe } from './testing/index';

const NOW = new Date('2026-11-15T12:00:00Z');

describe.each(testDrivers())('medicion by month on $kind', ({ kind, open }) => {
  let database: Database;
  /** One probe metric of the demo farm, to write readings at chosen times. */
  let probe: PlacedProbe;
  let readingsBefore: number;
  let lastIdBefore: number;

  beforeAll(async () => {
    database = await open();
    probe = await seedDemoProbe(database, { days: 2, now: NOW });
    const [counts] = await database.query<{ n: number; last: number }>(sql`select count(*)::int as n, max(medicionid)::int as last from sense.medicion`);
    readingsBefore = counts!.n;
    lastIdBefore = counts!.last;
  });
  afterAll(async () => {
    await database?.close();
  });

  const write = (fecha: string, value = 20) =>
    database.query<{ medicionid: number; partition: string }>(sql`
      insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      values (${fecha}::timestamptz, ${value}, ${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${probe.ubicacionid})
      on conflict (nodoid, metricaid, fecha, tipoid) do nothing
      returning medicionid::int, tableoid::regclass::text as partition`);
  const partitions = async () =>
    (
      await database.query<{ name: string }>(sql`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'sense.medicion'::regclass order by 1`)
    ).map((row) => row.name);

  /**
   * What the migrations give sense.medicion, as the catalogue has it: a conversion that forgot one
   * (it rebuilds the table from its own DDL) would lose it silently, as it once lost row security.
   */
  const tableShape = async () => {
    const [shape] = await database.query<Record<string, unknown>>(sql`
      select (select json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull) order by a.attnum)
                from pg_attribute a where a.attrelid = 'sense.medicion'::regclass and a.attnum > 0 and not a.attisdropped) as columns,
             (select json_agg(json_build_array(c.conname, c.contype) order by c.conname)
                from pg_constraint c where c.conrelid = 'sense.medicion'::regclass) as constraints,
             (select json_agg(pg_get_indexdef(i.indexrelid) order by 1)
                from pg_index i where i.indrelid = 'sense.medicion'::regclass) as indexes,
             (select json_agg(t.tgname order by t.tgname)
                from pg_trigger t where t.tgrelid = 'sense.medicion'::regclass and not t.tgisinternal) as triggers,
             (select json_agg(json_build_array(p.policyname, p.cmd, p.roles, p.qual, p.with_check) order by p.policyname)
                from pg_policies p where p.schemaname = 'sense' and p.tablename = 'medicion') as policies,
             c.relrowsecurity as "rowSecurity", c.relacl::text as privileges
        from pg_class c where c.oid = 'sense.medicion'::regclass`);
    return shape!;
  };

  it.runIf(kind === 'postgres')('converts the plain table, keeping every reading and the ids, with the months around now and a default', async () => {
    expect(await isMeasurementTablePartitioned(database)).toBe(false);
    const plain = await tableShape();
    expect(await partitionMeasurementTable(database, NOW)).toBe(true);
    // Everything the migrations gave the table survives, but what partitioning changes on purpose
    // (the top of partitions.ts): the id's default, the primary key with fecha, the alert's triggers.
    const partitioned = await tableShape();
    expect(partitioned['columns']).toEqual(plain['columns']);
    expect(partitioned['constraints']).toEqual(plain['constraints']);
    // A partitioned table's index definitions read `ON ONLY` (each partition has its own).
    const withoutKey = (indexes: unknown) => (indexes as string[]).filter((index) => !index.includes('medicion_pkey')).map((index) => index.replace(' ON ONLY ', ' ON '));
    expect(withoutKey(partitioned['indexes'])).toEqual(withoutKey(plain['indexes']));
    expect(partitioned['triggers']).toEqual([...(plain['triggers'] as string[]), 'medicion_referenced_by_alert'].sort());
    expect(partitioned['policies']).toEqual(plain['policies']);
    expect(partitioned['rowSecurity']).toBe(plain['rowSecurity']);
    expect(partitioned['privileges']).toBe(plain['privileges']);
    expect(await isMeasurementTablePartitioned(database)).toBe(true);
    const [counts] = await database.query<{ n: number; last: number }>(sql`select count(*)::int as n, max(medicionid)::int as last from sense.medicion`);
    expect(counts).toEqual({ n: readingsBefore, last: lastIdBefore });
    const names = await partitions();
    expect(names).toContain('medicion_default');
    expect(names).toContain('medicion_y2026m11');
    expect(names).toContain('medicion_y2025m11');
    expect(names).toContain('medicion_y2027m02');
    expect(names).toHaveLength(PARTITION_MONTHS_BACK + 1 + PARTITION_MONTHS_AHEAD + 1);
    // A second call changes nothing.
    expect(await partitionMeasurementTable(database, NOW)).toBe(false);
    // The hourly table counted the moved rows once, and the new table's triggers keep it.
    expect(await hourlyTableMismatches(database)).toBe(0);
    const triggers = await database.query<{ name: string }>(sql`
      select tgname as name from pg_trigger where tgrelid = 'sense.medicion'::regclass and tgname like 'medicionhora%' order by 1`);
    expect(triggers.map((trigger) => trigger.name)).toEqual(['medicionhora_delete', 'medicionhora_insert', 'medicionhora_truncate', 'medicionhora_update']);
  });

  /** What the tenant role reads of the readings: through the table, and naming this month's partition. */
  const tenantReadings = (empresas: number[]) =>
    runAsTenant({ empresas }, async () => {
      const [counts] = await database.query<{ all: number; month: number }>(sql`
        select (select count(*)::int from sense.medicion) as all,
               (select count(*)::int from sense.medicion_y2026m11) as month`);
      return counts;
    });
  const probeCompany = async () =>
    (
      await database.query<{ empresaid: number }>(sql`
        select f.empresaid from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid where ub.ubicacionid = ${probe.ubicacionid}`)
    )[0]!.empresaid;
  const unsecuredPartitions = async () =>
    database.query<{ name: string }>(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'sense.medicion'::regclass and not c.relrowsecurity`);
  const medicionPolicies = async () =>
    database.query<{ policyname: string; cmd: string; qual: string | null }>(sql`
      select policyname, cmd, qual from pg_policies where schemaname = 'sense' and tablename = 'medicion' order by policyname`);

  it.runIf(kind === 'postgres')('routes a reading to its month, an old one to the default, numbers on from the last id and stays idempotent', async () => {
    const [fresh] = await write('2026-11-20T10:00:00Z');
    expect(fresh).toEqual({ medicionid: lastIdBefore + 1, partition: 'sense.medicion_y2026m11' });
    expect((await write('2019-03-01T00:00:00Z'))[0]?.partition).toBe('sense.medicion_default');
    // The reading key still refuses a second row for the same probe, metric and time.
    expect(await write('2026-11-20T10:00:00Z', 99)).toEqual([]);
    // A date range reads only its months.
    const plan = await database.query<{ 'QUERY PLAN': string }>(sql`
      explain select count(*) from sense.medicion where fecha >= '2026-11-01' and fecha < '2026-11-10'`);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('medicion_y2026m11');
    expect(text).not.toContain('medicion_y2026m10');
    expect(await hourlyTableMismatches(database)).toBe(0);
  });

  it.runIf(kind === 'postgres')('keeps the alert → reading reference as the foreign key did: no deleting a referenced reading, no alert of a reading not at its time', async () => {
    const [referenced] = await database.query<{ medicionid: number; fecha: string }>(sql`
      select a.medicionid::int, a.fecha::text from sense.alerta a order by a.alertaid limit 1`);
    const refused = await database.query(sql`delete from sense.medicion where medicionid = ${referenced!.medicionid}`).catch((error: unknown) => error);
    expect(sqlState(refused)).toBe('23503');
    expect(violatedConstraint(refused)).toBe('alerta_medicionid_medicion_medicionid_fk');
    const [umbral] = await database.query<{ umbralid: number }>(sql`select umbralid from sense.umbral order by umbralid limit 1`);
    const orphan = await database
      .query(sql`insert into sense.alerta (umbralid, medicionid, fecha, statusid) values (${umbral!.umbralid}, ${referenced!.medicionid}, '2001-01-01T00:00:00Z', 1)`)
      .catch((error: unknown) => error);
    expect(sqlState(orphan)).toBe('23503');
    // An old reading in the default partition that an alert points at: retention takes it all the same.
    const [old] = await database.query<{ medicionid: number; fecha: string }>(sql`
      select medicionid::int, fecha::text from sense.medicion_default order by fecha limit 1`);
    await database.query(sql`insert into sense.alerta (umbralid, medicionid, fecha, statusid) values (${umbral!.umbralid}, ${old!.medicionid}, ${old!.fecha}::timestamptz, 0)`);
  });

  it.runIf(kind === 'postgres')('keeps the row-level security of issue 32 across the conversion: a tenant reads its company’s readings only, and no partition by name', async () => {
    const policies = await medicionPolicies();
    expect(policies.map((policy) => policy.policyname)).toEqual(['medicion_alta', 'medicion_baja', 'medicion_cambio', 'medicion_concedida']);
    const [table] = await database.query<{ secured: boolean }>(sql`select relrowsecurity as secured from pg_class where oid = 'sense.medicion'::regclass`);
    expect(table?.secured).toBe(true);
    const empresaid = await probeCompany();
    const [ofCompany] = await database.query<{ n: number }>(sql`
      select count(*)::int as n from sense.medicion m join sense.ubicacion ub on ub.ubicacionid = m.ubicacionid
        join sense.fundo f on f.fundoid = ub.fundoid where f.empresaid = ${empresaid}`);
    expect(ofCompany!.n).toBeGreaterThan(0);
    expect(ofCompany!.n).toBeLessThan(readingsBefore);
    const own = await tenantReadings([empresaid]);
    expect(own?.all).toBe(ofCompany!.n);
    // The partition named directly: its own row-level security, with no policy, shows nothing.
    expect(own?.month).toBe(0);
    expect(await tenantReadings([])).toEqual({ all: 0, month: 0 });
    expect(await unsecuredPartitions()).toEqual([]);
    // Writing through the table is routed to the month under the parent's policies, not the partition's.
    const [written] = await runAsTenant({ empresas: [empresaid] }, () => write('2026-11-19T10:00:00.5Z'));
    expect(written?.partition).toBe('sense.medicion_y2026m11');
    await database.query(sql`delete from sense.medicion where medicionid = ${written!.medicionid}`);
  });

  it.runIf(kind === 'postgres')('migration 0024 gives a table partitioned without them its policies back', async () => {
    const before = await medicionPolicies();
    for (const policy of before) await database.query(sql.raw(`drop policy ${policy.policyname} on sense.medicion`));
    await database.query(sql`alter table sense.medicion disable row level security`);
    await database.query(sql`alter table sense.medicion_y2026m11 disable row level security`);
    const [owner] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.medicion`);
    expect((await tenantReadings([]))?.all).toBe(owner!.n);

    const migration = await readFile(new URL('../migrations/0024_partitioned_reading_row_security.sql', import.meta.url), 'utf8');
    await database.query(sql.raw(migration));
    expect(await medicionPolicies()).toEqual(before);
    expect(await tenantReadings([])).toEqual({ all: 0, month: 0 });
    // Run again, it changes nothing.
    await database.query(sql.raw(migration));
    expect(await medicionPolicies()).toEqual(before);
  });

  it.runIf(kind === 'postgres')('creates the months ahead as time passes, and with a retention drops whole old months and old default rows', async () => {
    const later = new Date('2027-03-10T00:00:00Z');
    const first = await maintainMeasurementPartitions(database, { now: later });
    expect(first.created).toEqual(['medicion_y2027m03', 'medicion_y2027m04', 'medicion_y2027m05', 'medicion_y2027m06']);
    expect((await maintainMeasurementPartitions(database, { now: later })).created).toEqual([]);
    // The months made later are secured as the first ones (issue 32).
    expect(await unsecuredPartitions()).toEqual([]);

    const kept = await maintainMeasurementPartitions(database, { now: later, retentionMonths: 12 });
    // Kept: March 2026 onwards (12 whole months before March 2027, and March 2027 itself).
    expect(kept.dropped).toEqual(['medicion_y2025m11', 'medicion_y2025m12', 'medicion_y2026m01', 'medicion_y2026m02']);
    expect(kept.deletedRows).toBe(1);
    expect(await partitions()).toContain('medicion_y2026m03');
    const [left] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.medicion where fecha < '2026-03-01'`);
    expect(left?.n).toBe(0);
    const [recent] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.medicion where fecha >= '2026-11-01'`);
    expect(recent?.n).toBeGreaterThan(0);
    // Dropped months fire no trigger: their hours go with them, so a chart shows none of them.
    const [oldHours] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.medicionhora where hora < '2026-03-01'`);
    expect(oldHours?.n).toBe(0);
    expect(await hourlyTableMismatches(database)).toBe(0);
  });

  it.runIf(kind === 'postgres')('keeps every index valid across the demo seed, which drops and rebuilds them for speed', async () => {
    if (database.kind !== 'postgres') return;
    await database.db.transaction(async (tx) => {
      const rebuild = await dropReadingIndexes(tx);
      for (const statement of rebuild) await tx.execute(sql.raw(statement));
    });
    const indexes = await database.query<{ name: string; valid: boolean }>(sql`
      select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'sense.medicion'::regclass order by 1`);
    expect(indexes.map((index) => index.name)).toEqual(['medicion_fecha_idx', 'medicion_lectura_key', 'medicion_pkey', 'medicion_ubicacionid_fecha_idx', 'medicion_ubicacionid_metricaid_fecha_idx']);
    expect(indexes.every((index) => index.valid)).toBe(true);
    expect(await write('2026-11-21T10:00:00Z')).toHaveLength(1);
    expect(await write('2026-11-21T10:00:00Z')).toEqual([]);
  });

  it('forgets the radio rows and status events older than the retention, with the readings', async () => {
    await database.query(sql`
      insert into sense.recepcion (nodoid, fecha, fcnt, rssi, snr, pasarela)
      values (${probe.nodoid}, '2019-03-01T00:00:00Z', 7, -100, 5, '0016c001ff10a235'), (${probe.nodoid}, '2026-11-10T00:00:00Z', 8, -100, 5, '0016c001ff10a235')`);
    await database.query(sql`
      insert into sense.estadodispositivo (nodoid, fecha, nivelbateria, margen)
      values (${probe.nodoid}, '2019-03-01T00:00:00Z', 80, 7), (${probe.nodoid}, '2026-11-10T00:00:00Z', 79, 7)`);
    await maintainMeasurementPartitions(database, { now: NOW, retentionMonths: 12 });
    const left = await database.query<{ fecha: string }>(sql`
      select to_char(fecha at time zone 'UTC', 'YYYY-MM-DD') as fecha from sense.recepcion where nodoid = ${probe.nodoid} and fcnt in (7, 8)
      union all select to_char(fecha at time zone 'UTC', 'YYYY-MM-DD') from sense.estadodispositivo where nodoid = ${probe.nodoid} and margen = 7`);
    expect(left.map((row) => row.fecha)).toEqual(['2026-11-10', '2026-11-10']);
  });

  it.runIf(kind === 'pglite')('stays one plain table on PGlite, where retention deletes the old rows', async () => {
    expect(await partitionMeasurementTable(database, NOW)).toBe(false);
    expect(await isMeasurementTablePartitioned(database)).toBe(false);
    await write('2019-03-01T00:00:00Z');
    const kept = await maintainMeasurementPartitions(database, { now: NOW, retentionMonths: 12 });
    expect(kept).toEqual({ created: [], dropped: [], deletedRows: 1 });
    const [counts] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.medicion`);
    expect(counts?.n).toBe(readingsBefore);
    expect(await hourlyTableMismatches(database)).toBe(0);
  });

  it('knows the month arithmetic across years', () => {
    expect(monthFrom(new Date('2026-11-15T12:00:00Z'), 3).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect(monthFrom(new Date('2026-01-31T23:00:00Z'), -1).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });
});
