/**
 * `npm run seed [-- --demo [--days N] [--now ISO] [--seed N]]`: migrates the database of
 * DATABASE_URL (else PGlite in DATA_DIR); with --demo also seeds the demo users and the demo farm.
 * A brand-new embedded database gets both anyway. `--now` fixes the clock, so the same arguments
 * give the same rows.
 */
import { parseArgs } from 'node:util';
import { createDatabase } from '../client';
import type { DemoFarmOptions } from '../demo/seed-demo-farm';
import { prepareDatabase } from '../seed';

interface SeedArguments {
  demo: boolean;
  farm: Omit<DemoFarmOptions, 'onProgress'>;
}

function readArguments(argv: string[]): SeedArguments {
  const { values } = parseArgs({
    args: argv,
    options: {
      demo: { type: 'boolean', default: false },
      days: { type: 'string' },
      now: { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
  });
  const farm: Omit<DemoFarmOptions, 'onProgress'> = {};
  if (values.days !== undefined) {
    const days = Number(values.days);
    if (!Number.isFinite(days) || days <= 0 || days > 366) throw new Error(`--days debe ser un número mayor que 0 y de 366 como mucho (recibido: ${values.days})`);
    farm.days = days;
  }
  if (values.now !== undefined) {
    const now = new Date(values.now);
    if (Number.isNaN(now.getTime())) throw new Error(`--now debe ser una fecha ISO 8601 (recibido: ${values.now})`);
    farm.now = now;
  }
  if (values.seed !== undefined) {
    const seed = Number(values.seed);
    if (!Number.isInteger(seed)) throw new Error(`--seed debe ser un número entero (recibido: ${values.seed})`);
    farm.seed = seed;
  }
  if (!values.demo && Object.keys(farm).length > 0) throw new Error('--days, --now y --seed solo valen con --demo');
  return { demo: values.demo ?? false, farm };
}

async function main(): Promise<void> {
  const args = readArguments(process.argv.slice(2));
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const dataDir = process.env['DATA_DIR'] || './data';
  const database = await createDatabase({ databaseUrl, dataDir });
  try {
    const target = database.kind === 'pglite' ? `PGlite en ${database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    console.info(`Base de datos: ${target}`);
    const started = performance.now();
    // The bar is drawn whenever this runs from a terminal (cli-progress stays silent otherwise).
    const result = await prepareDatabase(database, { demo: args.demo, farm: args.farm, progress: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      result.applied > 0 ? `Migraciones aplicadas: ${result.applied}` : 'Migraciones: al día, nada que aplicar',
    );
    if (result.seeded.length > 0) {
      console.info(`Usuarios demo creados: ${result.seeded.join(', ')}`);
    } else if (args.demo) {
      console.info('Usuarios demo: ya existían, nada que crear');
    } else {
      console.info('Usuarios demo: no solicitados (use --demo)');
    }
    if (result.farm) {
      const { counts } = result.farm;
      console.info(
        result.farm.created
          ? `Granja demo creada (preparación completa en ${seconds} s)`
          : 'Granja demo: ya existía, no se duplicó (nada escrito)',
      );
      console.info(
        `  ${counts.paises} países, ${counts.empresas} empresas, ${counts.fundos} fundos, ${counts.ubicaciones} ubicaciones, ` +
          `${counts.entidades} entidades, ${counts.nodos} nodos, ${counts.sensores} sensores, ${counts.metricasensor} métricas por sensor`,
      );
      console.info(
        `  ${counts.mediciones} mediciones, ${counts.umbrales} umbrales, ${counts.alertas} alertas, ${counts.mensajes} mensajes, ` +
          `${counts.usuarios} usuarios, ${counts.contactos} contactos`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('El seed falló:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
