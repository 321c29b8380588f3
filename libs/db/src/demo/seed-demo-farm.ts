/**
 * The demo farm: a coherent, deterministic data set over the whole `sense` schema (issue 3,
 * item 3). The same seed, days and clock give the same rows, ids included, in a fresh database.
 * This file runs the phases in one transaction; each phase is a file of its own (seed-reference,
 * seed-people, seed-readings, seed-thresholds; alerts and messages in alerts.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { appDb } from '../client';
import type { Database } from '../client';
import { nodo } from '../schema/index';
import { breakingRunsStatements, insertAlertsStatement, insertEpisodesStatement, insertMessagesStatement } from './alerts';
import { planFarm } from './farm-plan';
import type { FarmPlan } from './farm-plan';
import { fillHourlyReadingsStatement, fillLatestValuesStatement } from './latest-values';
import type { FarmPhase, FarmProgressListener } from './progress';
import { readingWindow, simulateNode } from './readings';
import { DEMO_COUNTRIES, DEMO_METRICS, probeTypeName } from './reference-data';
import type { MetricKey } from './reference-data';
import { countReadings, dropReadingIndexes, insertReadings } from './seed-readings';
import { insertReferenceRows } from './seed-reference';
import { nextId, required } from './seed-support';
import type { ProbeMetricSeries } from './seed-support';
import { insertRadioThresholds, insertThresholds } from './seed-thresholds';
import { insertRadio } from './seed-radio';
import { grantDemoCompaniesStatements } from './seed-access';

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
    for (const statement of grantDemoCompaniesStatements()) await tx.execute(statement);
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
    const firstReadings = firstMedicionId === 1;
    const deferred = firstReadings ? await dropReadingIndexes(tx) : [];
    // Into an empty table, the hours are counted once at the end: a fifth less work than the
    // trigger's upsert per batch.
    if (firstReadings) await tx.execute(sql`alter table sense.medicion disable trigger medicionhora_insert`);
    await insertReadings(tx, series, window, (rows) => progress.advance(rows));
    progress.start('indices');
    for (const definition of deferred) await tx.execute(sql.raw(definition));
    // The radio's readings are among those the hours count and the latest values keep.
    await insertRadio(tx, plan, ids, window);
    if (firstReadings) {
      await tx.execute(sql`alter table sense.medicion enable trigger medicionhora_insert`);
      await tx.execute(fillHourlyReadingsStatement());
    }
    await tx.execute(fillLatestValuesStatement());
    progress.advance(readingCount * 0.1);

    progress.start('umbrales');
    const firstUmbralId = await nextId(tx, sql`select coalesce(max(umbralid), 0) + 1 as id from sense.umbral`);
    await insertThresholds(tx, seed, plan, series, ids, window);
    await insertRadioThresholds(tx, plan, ids, window);
    progress.advance(readingCount * 0.01);

    progress.start('alertas');
    const firstAlertaId = await nextId(tx, sql`select coalesce(max(alertaid), 0) + 1 as id from sense.alerta`);
    const firstEpisodioId = await nextId(tx, sql`select coalesce(max(episodioid), 0) + 1 as id from sense.episodio`);
    const alertScope = { firstMedicionId, firstUmbralId, firstEpisodioId, now };
    for (const statement of breakingRunsStatements(alertScope)) await tx.execute(statement);
    await tx.execute(insertEpisodesStatement());
    await tx.execute(insertAlertsStatement(alertScope));
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
