import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { seedDemoFarm } from '../demo/seed-demo-farm';
import { migrate } from '../migrate';
import { seedDemoUsers } from '../seed';

/** A probe metric of a placed node: what a test writes readings of. */
export interface PlacedProbe {
  nodoid: number;
  tipoid: number;
  metricaid: number;
  ubicacionid: number;
}

/**
 * Migrates `database`, seeds the demo users and `days` of the demo farm up to `now`, and answers
 * the farm's first placed probe metric (the migrations' plain medicion, as an existing installation has).
 */
export async function seedDemoProbe(database: Database, { days, now }: { days: number; now: Date }): Promise<PlacedProbe> {
  await migrate(database);
  await seedDemoUsers(database);
  await seedDemoFarm(database, { days, now });
  const [probe] = await database.query<PlacedProbe>(sql`
    select ms.nodoid, ms.tipoid, ms.metricaid, l.ubicacionid from sense.metricasensor ms
      join sense.localizacion l on l.nodoid = ms.nodoid and l.statusid = 1
     order by ms.nodoid, ms.tipoid, ms.metricaid limit 1`);
  if (!probe) throw new Error('the demo farm has no placed probe');
  return probe;
}
