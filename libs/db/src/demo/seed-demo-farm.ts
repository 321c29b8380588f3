/**
 * The demo farm: a coherent, deterministic data set over the whole `sense` schema (issue 3,
 * item 3). The same seed, days and clock give the same rows, ids included, in a fresh database.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { appDb } from '../client';
import type { AppDb, Database } from '../client';
import {
  codigotelefono,
  contacto,
  correo,
  criticidad,
  empresa,
  entidad,
  fundo,
  localizacion,
  medio,
  metrica,
  metricasensor,
  nodo,
  pais,
  perfil,
  perfilumbral,
  sensor,
  tipo,
  ubicacion,
  umbral,
  usuario,
  usuarioperfil,
} from '../schema/index';
import { DEMO_USERS } from './demo-users';
import { insertAlertsStatement, insertMessagesStatement } from './alerts';
import { planFarm } from './farm-plan';
import { fillLatestValuesStatement } from './latest-values';
import type { FarmPlan } from './farm-plan';
import type { FarmPhase, FarmProgressListener } from './progress';
import { createRandom } from './random';
import { READING_INTERVAL_MS, readingWindow, simulateNode, thresholdBand } from './readings';
import type { ReadingWindow } from './readings';
import {
  DEMO_COMPANIES,
  DEMO_COUNTRIES,
  DEMO_CRITICIDADES,
  DEMO_CROPS,
  DEMO_FUNDOS,
  DEMO_METRICS,
  DEMO_PROFILES,
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD_HASH,
  DEMO_USER_PROFILES,
  probeTypeName,
} from './reference-data';
import type { MetricKey } from './reference-data';

export interface DemoFarmOptions {
  /** The seed of every random draw. @default 42 */
  seed?: number;
  /** Days of readings, every 15 minutes, up to `now`. @default 30 */
  days?: number;
  /** The farm's clock: the last reading is at the last quarter hour before it. @default new Date() */
  now?: Date;
  /** Called as the farm is written (see createTerminalProgress). */
  onProgress?: FarmProgressListener;
}

export interface DemoFarmCounts {
  paises: number;
  empresas: number;
  fundos: number;
  ubicaciones: number;
  entidades: number;
  nodos: number;
  tipos: number;
  sensores: number;
  metricasensor: number;
  mediciones: number;
  /** Probe metrics with a latest value (`ultimamedicion`). */
  ultimasmediciones: number;
  umbrales: number;
  alertas: number;
  mensajes: number;
  usuarios: number;
  contactos: number;
}

export interface DemoFarmResult {
  /** False when the farm was already there: nothing was written. */
  created: boolean;
  /** Rows in the database's tables after the call. */
  counts: DemoFarmCounts;
}

/** Rows per INSERT … SELECT FROM unnest(...) of readings. */
const READING_BATCH_ROWS = 20_000;

type FarmTransaction = Parameters<Parameters<AppDb['transaction']>[0]>[0];

interface ProbeMetricSeries {
  nodoid: number;
  tipoid: number;
  metricaid: number;
  ubicacionid: number;
  metric: MetricKey;
  label: string;
  values: Float64Array;
}

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function idMap<Key>(rows: ReadonlyArray<{ key: Key; id: number }>): Map<Key, number> {
  return new Map(rows.map((row) => [row.key, row.id]));
}

function required<Key>(map: Map<Key, number>, key: Key, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo farm: no ${what} ${String(key)}`);
  return id;
}

/** A PostgreSQL array literal of numbers, passed as one text parameter (drizzle expands JS arrays). */
function arrayLiteral(values: ArrayLike<number>): string {
  return `{${Array.prototype.join.call(values, ',')}}`;
}

async function countRows(database: Database): Promise<DemoFarmCounts> {
  const [row] = await database.query<DemoFarmCounts>(sql`
    select
      (select count(*) from sense.pais)::int as paises,
      (select count(*) from sense.empresa)::int as empresas,
      (select count(*) from sense.fundo)::int as fundos,
      (select count(*) from sense.ubicacion)::int as ubicaciones,
      (select count(*) from sense.entidad)::int as entidades,
      (select count(*) from sense.nodo)::int as nodos,
      (select count(*) from sense.tipo)::int as tipos,
      (select count(*) from sense.sensor)::int as sensores,
      (select count(*) from sense.metricasensor)::int as metricasensor,
      (select count(*) from sense.medicion)::int as mediciones,
      (select count(*) from sense.ultimamedicion)::int as ultimasmediciones,
      (select count(*) from sense.umbral)::int as umbrales,
      (select count(*) from sense.alerta)::int as alertas,
      (select count(*) from sense.mensaje)::int as mensajes,
      (select count(*) from sense.usuario)::int as usuarios,
      (select count(*) from sense.contacto)::int as contactos`);
  if (!row) throw new Error('demo farm: could not count rows');
  return row;
}

/** Whether the farm of this plan is already there (its first node exists). */
async function farmExists(database: Database, plan: FarmPlan): Promise<boolean> {
  const first = plan.nodes[0];
  if (!first) return false;
  const rows = await appDb(database).select({ id: nodo.nodoid }).from(nodo).where(eq(nodo.nodo, first.nodo));
  return rows.length > 0;
}

/** Turns the phases' work into FarmProgress events: the current phase and the share done. */
class ProgressTracker {
  private completed = 0;
  private phase: FarmPhase = 'referencia';
  constructor(
    private readonly total: number,
    private readonly listener: FarmProgressListener | undefined,
  ) {}

  /** A phase begins: the bar names it while it runs. */
  start(phase: FarmPhase): void {
    this.phase = phase;
    this.emit();
  }

  advance(units: number): void {
    this.completed = Math.min(this.total, this.completed + units);
    this.emit();
  }

  finish(): void {
    this.completed = this.total;
    this.emit();
  }

  private emit(): void {
    this.listener?.({ phase: this.phase, completed: Math.round(this.completed), total: Math.round(this.total) });
  }
}

/**
 * Writes the demo farm in one transaction: places, crops, nodes and probes, readings, thresholds,
 * staff with profiles and contacts, then the alerts and messages the readings cause. When the farm
 * is already there it writes nothing and answers `created: false`.
 */
export async function seedDemoFarm(database: Database, options: DemoFarmOptions = {}): Promise<DemoFarmResult> {
  const seed = options.seed ?? 42;
  const days = options.days ?? 30;
  const now = options.now ?? new Date();
  if (!Number.isInteger(seed)) throw new Error(`demo farm: the seed must be an integer, not ${seed}`);
  if (!(days > 0 && days <= 366)) throw new Error(`demo farm: days must be above 0 and at most 366, not ${days}`);
  if (Number.isNaN(now.getTime())) throw new Error('demo farm: invalid clock');

  const plan = planFarm(seed);
  if (await farmExists(database, plan)) return { created: false, counts: await countRows(database) };

  const window = readingWindow(now, days);
  const metricDecimals = Object.fromEntries(DEMO_METRICS.map((metric) => [metric.metricaabrev, metric.decimals])) as Record<
    MetricKey,
    number
  >;
  const simulated = plan.nodes.map((node) => simulateNode(seed, node, window, metricDecimals));
  const readingCount = simulated
    .flat()
    .reduce(
      (sum, probe) => sum + DEMO_METRICS.reduce((inner, metric) => inner + countReadings(probe.values[metric.metricaabrev]), 0),
      0,
    );
  // Units: one per reading, plus what the other phases cost relative to them (measured).
  const progress = new ProgressTracker(readingCount * 1.32, options.onProgress);

  await appDb(database).transaction(async (tx) => {
    progress.start('referencia');
    const ids = await insertReferenceRows(tx, seed, plan, window);
    progress.advance(readingCount * 0.02);

    const series: ProbeMetricSeries[] = [];
    plan.nodes.forEach((node, nodeIndex) => {
      const nodoid = required(ids.nodo, node.nodo, 'nodo');
      const ubicacionid = required(ids.ubicacion, `${node.lot.fundo.fundo}/${node.lot.ubicacion}`, 'ubicacion');
      for (const probe of simulated[nodeIndex] ?? []) {
        const tipoid = required(ids.tipo, `${node.lot.crop.entidad}/${probeTypeName(probe.depth)}`, 'tipo');
        for (const metric of DEMO_METRICS) {
          series.push({
            nodoid,
            tipoid,
            ubicacionid,
            metricaid: required(ids.metrica, metric.metrica, 'metrica'),
            metric: metric.metricaabrev,
            label: `${node.nodo}:${probe.depth}:${metric.metricaabrev}`,
            values: probe.values[metric.metricaabrev],
          });
        }
      }
    });

    progress.start('mediciones');
    const firstMedicionId = await nextId(tx, sql`select coalesce(max(medicionid), 0) + 1 as id from sense.medicion`);
    const deferred = firstMedicionId === 1 ? await dropReadingIndexes(tx) : [];
    await insertReadings(tx, series, window, (rows) => progress.advance(rows));
    progress.start('indices');
    for (const definition of deferred) await tx.execute(sql.raw(definition));
    await tx.execute(fillLatestValuesStatement());
    progress.advance(readingCount * 0.1);

    progress.start('umbrales');
    const firstUmbralId = await nextId(tx, sql`select coalesce(max(umbralid), 0) + 1 as id from sense.umbral`);
    await insertThresholds(tx, seed, plan, series, ids, window);
    progress.advance(readingCount * 0.01);

    progress.start('alertas');
    const firstAlertaId = await nextId(tx, sql`select coalesce(max(alertaid), 0) + 1 as id from sense.alerta`);
    await tx.execute(insertAlertsStatement({ firstMedicionId, firstUmbralId, now }));
    progress.advance(readingCount * 0.12);

    progress.start('mensajes');
    await tx.execute(
      insertMessagesStatement({
        firstAlertaId,
        utcOffsetByPaisId: DEMO_COUNTRIES.map((country) => ({
          paisid: required(ids.pais, country.paisabrev, 'pais'),
          hours: country.utcOffsetHours,
        })),
      }),
    );
    progress.advance(readingCount * 0.05);
  });

  // Fresh statistics, so the first report queries plan with the real sizes.
  progress.start('estadisticas');
  await database.query(sql`analyze sense.medicion`);
  await database.query(sql`analyze sense.alerta`);
  await database.query(sql`analyze sense.mensaje`);
  progress.finish();
  return { created: true, counts: await countRows(database) };
}

/**
 * Drops the secondary indexes and foreign keys of an empty `medicion` and answers the statements
 * that recreate them. Building an index once and checking a foreign key with one join is about
 * three times cheaper than maintaining them row by row over a million inserts (measured on PGlite).
 * The definitions come from the database's own catalogue, so they are exactly the migration's.
 */
async function dropReadingIndexes(tx: FarmTransaction): Promise<string[]> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'sense.medicion'::regclass and not i.indisprimary
      order by c.relname`),
  );
  const foreignKeys = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint
      where conrelid = 'sense.medicion'::regclass and contype = 'f'
      order by conname`),
  );
  for (const foreignKey of foreignKeys) {
    await tx.execute(sql`alter table sense.medicion drop constraint ${sql.identifier(foreignKey.name)}`);
  }
  for (const index of indexes) await tx.execute(sql`drop index sense.${sql.identifier(index.name)}`);
  return [
    ...indexes.map((index) => index.definition),
    ...foreignKeys.map(
      (foreignKey) =>
        `alter table sense.medicion add constraint "${foreignKey.name.replaceAll('"', '""')}" ${foreignKey.definition}`,
    ),
  ];
}

function countReadings(values: Float64Array): number {
  let count = 0;
  for (const value of values) if (!Number.isNaN(value)) count += 1;
  return count;
}

async function nextId(tx: FarmTransaction, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ id: number | string }>(await tx.execute(statement));
  return Number(row?.id ?? 1);
}

interface ReferenceIds {
  pais: Map<string, number>;
  ubicacion: Map<string, number>;
  nodo: Map<string, number>;
  tipo: Map<string, number>;
  metrica: Map<string, number>;
  criticidad: Map<string, number>;
  perfil: Map<string, number>;
  /** The demo admin's id when present: the farm's rows say they created them. */
  auditUserId: number | null;
}

/**
 * The farm's reference rows. Rows a database may already hold under the same unique name (a
 * country, a crop, a metric, a profile) are reused, not duplicated; the farm's own places and
 * nodes are new. Every row is dated at the window's start, so the rows do not depend on the day
 * the farm is written.
 */
async function insertReferenceRows(
  tx: FarmTransaction,
  seed: number,
  plan: FarmPlan,
  window: ReadingWindow,
): Promise<ReferenceIds> {
  const createdAt = new Date(window.startMs);
  const adminRows = await tx
    .select({ id: usuario.usuarioid })
    .from(usuario)
    .where(eq(usuario.login, DEMO_USERS[0]?.login ?? ''));
  const audit = { datecreated: createdAt, datemodified: createdAt, usercreatedid: adminRows[0]?.id ?? null };

  await tx
    .insert(pais)
    .values(DEMO_COUNTRIES.map((country) => ({ pais: country.pais, paisabrev: country.paisabrev, ...audit })))
    .onConflictDoNothing();
  const paisIds = idMap(
    await tx
      .select({ key: pais.paisabrev, id: pais.paisid })
      .from(pais)
      .where(inArray(pais.paisabrev, DEMO_COUNTRIES.map((country) => country.paisabrev))),
  );

  await tx
    .insert(codigotelefono)
    .values(
      DEMO_COUNTRIES.map((country) => ({ codigotelefono: country.codigotelefono, paistelefono: country.pais, ...audit })),
    )
    .onConflictDoNothing();
  const phoneCodeIds = idMap(
    await tx
      .select({ key: codigotelefono.codigotelefono, id: codigotelefono.codigotelefonoid })
      .from(codigotelefono)
      .where(inArray(codigotelefono.codigotelefono, DEMO_COUNTRIES.map((country) => country.codigotelefono))),
  );

  const empresaIds = new Map<string, number>();
  for (const company of DEMO_COMPANIES) {
    const paisid = required(paisIds, company.paisabrev, 'pais');
    await tx
      .insert(empresa)
      .values({ empresa: company.empresa, empresaabrev: company.empresaabrev, paisid, ...audit })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: empresa.empresaid })
      .from(empresa)
      .where(and(eq(empresa.paisid, paisid), eq(empresa.empresa, company.empresa)));
    if (row) empresaIds.set(company.empresaabrev, row.id);
  }

  const fundoIds = new Map<string, number>();
  for (const farm of DEMO_FUNDOS) {
    const empresaid = required(empresaIds, farm.empresaabrev, 'empresa');
    await tx
      .insert(fundo)
      .values({ fundo: farm.fundo, fundoabrev: farm.fundoabrev, empresaid, ...audit })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: fundo.fundoid })
      .from(fundo)
      .where(and(eq(fundo.empresaid, empresaid), eq(fundo.fundo, farm.fundo)));
    if (row) fundoIds.set(farm.fundo, row.id);
  }

  const ubicacionIds = new Map<string, number>();
  for (const lot of plan.lots) {
    const fundoid = required(fundoIds, lot.fundo.fundo, 'fundo');
    await tx
      .insert(ubicacion)
      .values({ ubicacion: lot.ubicacion, ubicacionabrev: lot.ubicacionabrev, fundoid, ...audit })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: ubicacion.ubicacionid })
      .from(ubicacion)
      .where(and(eq(ubicacion.fundoid, fundoid), eq(ubicacion.ubicacion, lot.ubicacion)));
    if (row) ubicacionIds.set(`${lot.fundo.fundo}/${lot.ubicacion}`, row.id);
  }

  await tx
    .insert(entidad)
    .values(DEMO_CROPS.map((crop) => ({ entidad: crop.entidad, entidadabrev: crop.entidadabrev, ...audit })))
    .onConflictDoNothing();
  const entidadIds = idMap(
    await tx
      .select({ key: entidad.entidad, id: entidad.entidadid })
      .from(entidad)
      .where(inArray(entidad.entidad, DEMO_CROPS.map((crop) => crop.entidad))),
  );

  await tx
    .insert(tipo)
    .values(
      DEMO_CROPS.flatMap((crop) =>
        crop.depths.map((depth) => ({
          tipo: probeTypeName(depth),
          entidadid: required(entidadIds, crop.entidad, 'entidad'),
          ...audit,
        })),
      ),
    )
    .onConflictDoNothing();
  const tipoRows = await tx
    .select({ tipo: tipo.tipo, entidad: entidad.entidad, id: tipo.tipoid })
    .from(tipo)
    .innerJoin(entidad, eq(entidad.entidadid, tipo.entidadid))
    .where(inArray(tipo.entidadid, [...entidadIds.values()]));
  const tipoIds = new Map(tipoRows.map((row) => [`${row.entidad}/${row.tipo}`, row.id]));

  await tx
    .insert(metrica)
    .values(
      DEMO_METRICS.map((metric) => ({
        metrica: metric.metrica,
        metricaabrev: metric.metricaabrev,
        unidad: metric.unidad,
        ...audit,
      })),
    )
    .onConflictDoNothing();
  const metricaIds = idMap(
    await tx
      .select({ key: metrica.metrica, id: metrica.metricaid })
      .from(metrica)
      .where(inArray(metrica.metrica, DEMO_METRICS.map((metric) => metric.metrica))),
  );

  const nodoRows = await tx
    .insert(nodo)
    .values(plan.nodes.map((node) => ({ nodo: node.nodo, nodoabrev: node.nodoabrev, deveui: node.deveui, ...audit })))
    .returning({ key: nodo.nodo, id: nodo.nodoid });
  const nodoIds = idMap(nodoRows);

  await tx.insert(localizacion).values(
    plan.nodes.map((node) => ({
      entidadid: required(entidadIds, node.lot.crop.entidad, 'entidad'),
      ubicacionid: required(ubicacionIds, `${node.lot.fundo.fundo}/${node.lot.ubicacion}`, 'ubicacion'),
      nodoid: required(nodoIds, node.nodo, 'nodo'),
      latitud: node.latitude,
      longitud: node.longitude,
      referencia: node.referencia,
      ...audit,
    })),
  );
  const probes = plan.nodes.flatMap((node) =>
    node.depths.map((depth) => ({
      nodoid: required(nodoIds, node.nodo, 'nodo'),
      tipoid: required(tipoIds, `${node.lot.crop.entidad}/${probeTypeName(depth)}`, 'tipo'),
    })),
  );
  await tx.insert(sensor).values(probes.map((probe) => ({ ...probe, ...audit })));
  await tx.insert(metricasensor).values(
    probes.flatMap((probe) =>
      DEMO_METRICS.map((metric) => ({
        ...probe,
        metricaid: required(metricaIds, metric.metrica, 'metrica'),
        ...audit,
      })),
    ),
  );

  await tx
    .insert(criticidad)
    .values(DEMO_CRITICIDADES.map(({ weight: _weight, ...row }) => ({ ...row, ...audit })))
    .onConflictDoNothing();
  const criticidadIds = idMap(
    await tx
      .select({ key: criticidad.criticidad, id: criticidad.criticidadid })
      .from(criticidad)
      .where(inArray(criticidad.criticidad, DEMO_CRITICIDADES.map((row) => row.criticidad))),
  );

  // Bosses first: each profile's jefeid points at a row already written.
  const perfilIds = new Map<string, number>();
  for (const profile of DEMO_PROFILES) {
    const jefeid = profile.jefe === null ? null : required(perfilIds, profile.jefe, 'perfil');
    await tx
      .insert(perfil)
      .values({ perfil: profile.perfil, perfilabrev: profile.perfilabrev, nivel: profile.nivel, jefeid, ...audit })
      .onConflictDoNothing();
    const [row] = await tx.select({ id: perfil.perfilid }).from(perfil).where(eq(perfil.perfil, profile.perfil));
    if (row) perfilIds.set(profile.perfil, row.id);
  }

  await insertPeople(tx, seed, perfilIds, phoneCodeIds, audit);

  return {
    pais: paisIds,
    ubicacion: ubicacionIds,
    nodo: nodoIds,
    tipo: tipoIds,
    metrica: metricaIds,
    criticidad: criticidadIds,
    perfil: perfilIds,
    auditUserId: audit.usercreatedid,
  };
}

interface AuditValues {
  datecreated: Date;
  datemodified: Date;
  usercreatedid: number | null;
}

/** Staff, the profiles of staff and demo users, their e-mail addresses and contacts. */
async function insertPeople(
  tx: FarmTransaction,
  seed: number,
  perfilIds: Map<string, number>,
  phoneCodeIds: Map<string, number>,
  audit: AuditValues,
): Promise<void> {
  await tx
    .insert(usuario)
    .values(
      DEMO_STAFF.map((person) => ({
        login: person.login,
        firstname: person.firstname,
        lastname: person.lastname,
        usuarioabrev: person.usuarioabrev,
        rol: 'user' as const,
        password_hash: DEMO_STAFF_PASSWORD_HASH,
        ...audit,
      })),
    )
    .onConflictDoNothing({ target: usuario.login });

  // The demo users take part when they exist (always on a new embedded database).
  const people = [
    ...DEMO_STAFF.map((person) => ({ login: person.login, perfil: person.perfil, paisabrev: person.paisabrev })),
    ...Object.entries(DEMO_USER_PROFILES).map(([login, place]) => ({ login, ...place })),
  ];
  const userIds = idMap(
    await tx
      .select({ key: usuario.login, id: usuario.usuarioid })
      .from(usuario)
      .where(inArray(usuario.login, people.map((person) => person.login))),
  );
  const present = people.filter((person) => userIds.has(person.login));
  if (present.length === 0) return;

  await tx
    .insert(usuarioperfil)
    .values(
      present.map((person) => ({
        usuarioid: required(userIds, person.login, 'usuario'),
        perfilid: required(perfilIds, person.perfil, 'perfil'),
        ...audit,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(correo)
    .values(present.map((person) => ({ usuarioid: required(userIds, person.login, 'usuario'), correo: person.login, ...audit })))
    .onConflictDoNothing();

  const withContacts = new Set(
    (
      await tx
        .select({ usuarioid: contacto.usuarioid })
        .from(contacto)
        .where(inArray(contacto.usuarioid, [...userIds.values()]))
    ).map((row) => row.usuarioid),
  );
  const medioIds = idMap(await tx.select({ key: medio.nombre, id: medio.medioid }).from(medio));
  const byMail = required(medioIds, 'correo', 'medio');
  const bySms = required(medioIds, 'sms', 'medio');
  const contacts = present
    .filter((person) => !withContacts.has(required(userIds, person.login, 'usuario')))
    .flatMap((person) => {
      const usuarioid = required(userIds, person.login, 'usuario');
      const country = DEMO_COUNTRIES.find((candidate) => candidate.paisabrev === person.paisabrev);
      if (!country) throw new Error(`demo farm: no country ${person.paisabrev}`);
      const random = createRandom(seed, `phone:${person.login}`);
      // Mobile numbers start with 9 in Perú and Chile.
      const celular = `9${Array.from({ length: country.mobileDigits - 1 }, () => random.integer(0, 9)).join('')}`;
      return [
        { usuarioid, medioid: byMail, correo: person.login, ...audit },
        {
          usuarioid,
          medioid: bySms,
          codigotelefonoid: required(phoneCodeIds, country.codigotelefono, 'codigotelefono'),
          celular,
          ...audit,
        },
      ];
    });
  if (contacts.length > 0) await tx.insert(contacto).values(contacts);
}

/**
 * The readings, in time order (ids grow with time, as in a live system), through
 * INSERT … SELECT FROM unnest(...) in batches: one statement per 20,000 rows.
 */
async function insertReadings(
  tx: FarmTransaction,
  series: readonly ProbeMetricSeries[],
  window: ReadingWindow,
  onRows: (rows: number) => void,
): Promise<void> {
  const epochSeconds = new Float64Array(READING_BATCH_ROWS);
  const values = new Float64Array(READING_BATCH_ROWS);
  const nodoids = new Int32Array(READING_BATCH_ROWS);
  const tipoids = new Int32Array(READING_BATCH_ROWS);
  const metricaids = new Int32Array(READING_BATCH_ROWS);
  const ubicacionids = new Int32Array(READING_BATCH_ROWS);
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const take = <T extends Float64Array | Int32Array>(array: T) => arrayLiteral(array.subarray(0, size));
    await tx.execute(sql`
      insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      select to_timestamp(r.epoch), r.medicion, r.nodoid, r.tipoid, r.metricaid, r.ubicacionid
      from unnest(
        ${take(epochSeconds)}::float8[], ${take(values)}::float8[], ${take(nodoids)}::int[],
        ${take(tipoids)}::int[], ${take(metricaids)}::int[], ${take(ubicacionids)}::int[]
      ) as r(epoch, medicion, nodoid, tipoid, metricaid, ubicacionid)`);
    onRows(size);
    size = 0;
  };
  for (let step = 0; step < window.steps; step += 1) {
    const epoch = (window.startMs + step * READING_INTERVAL_MS) / 1000;
    for (const entry of series) {
      const value = entry.values[step];
      if (value === undefined || Number.isNaN(value)) continue;
      epochSeconds[size] = epoch;
      values[size] = value;
      nodoids[size] = entry.nodoid;
      tipoids[size] = entry.tipoid;
      metricaids[size] = entry.metricaid;
      ubicacionids[size] = entry.ubicacionid;
      size += 1;
      if (size === READING_BATCH_ROWS) await flush();
    }
  }
  await flush();
}

/**
 * One threshold per probe metric, banded from what it has read, with a severity drawn per
 * threshold; the operators of its country hear about all, the supervisors also about Alta.
 */
async function insertThresholds(
  tx: FarmTransaction,
  seed: number,
  plan: FarmPlan,
  series: readonly ProbeMetricSeries[],
  ids: ReferenceIds,
  window: ReadingWindow,
): Promise<void> {
  const nodeByLabel = new Map(plan.nodes.map((node) => [node.nodo, node]));
  const metricByKey = new Map(DEMO_METRICS.map((metric) => [metric.metricaabrev, metric]));
  const createdAt = new Date(window.startMs);
  const rows = series.map((entry) => {
    const random = createRandom(seed, `threshold:${entry.label}`);
    const metric = metricByKey.get(entry.metric);
    const [nodeName = '', depth = ''] = entry.label.split(':');
    const node = nodeByLabel.get(nodeName);
    if (!metric || !node) throw new Error(`demo farm: unknown series ${entry.label}`);
    const draw = random.next();
    let cumulative = 0;
    const level =
      DEMO_CRITICIDADES.find((candidate) => {
        cumulative += candidate.weight;
        return draw < cumulative;
      }) ?? DEMO_CRITICIDADES[DEMO_CRITICIDADES.length - 1];
    if (!level) throw new Error('demo farm: no criticidades');
    const band = thresholdBand(entry.values, metric.thresholdStep, random);
    return {
      row: {
        umbral: `${metric.metrica} ${probeTypeName(Number(depth))} ${node.nodo}`,
        ubicacionid: entry.ubicacionid,
        nodoid: entry.nodoid,
        tipoid: entry.tipoid,
        metricaid: entry.metricaid,
        criticidadid: required(ids.criticidad, level.criticidad, 'criticidad'),
        minimo: band.minimo,
        maximo: band.maximo,
        datecreated: createdAt,
        datemodified: createdAt,
        usercreatedid: ids.auditUserId,
      },
      grado: level.grado,
      node,
    };
  });
  const inserted = await tx
    .insert(umbral)
    .values(rows.map((entry) => entry.row))
    .returning({ id: umbral.umbralid });

  const listeners = rows.flatMap((entry, index) => {
    const umbralid = inserted[index]?.id;
    if (umbralid === undefined) return [];
    const country = DEMO_COMPANIES.find((company) => company.empresaabrev === entry.node.lot.fundo.empresaabrev)?.paisabrev;
    const profiles = DEMO_PROFILES.filter(
      (profile) =>
        profile.paisabrev === country && (profile.role === 'Operador' || (profile.role === 'Supervisor' && entry.grado === 1)),
    );
    return profiles.map((profile) => ({
      perfilid: required(ids.perfil, profile.perfil, 'perfil'),
      umbralid,
      datecreated: createdAt,
      datemodified: createdAt,
    }));
  });
  if (listeners.length > 0) await tx.insert(perfilumbral).values(listeners);
}
