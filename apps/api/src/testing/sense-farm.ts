import { seedDemoFarm } from '@camposense/db';
import type { Database } from '@camposense/db';

/** The fixed "now" of the contract tests' farm. */
export const TEST_FARM_NOW = new Date('2026-11-01T12:00:00Z');

/** A small generated farm: one day of readings up to TEST_FARM_NOW, from a fixed seed. */
export async function seedTestFarm(database: Database): Promise<void> {
  await seedDemoFarm(database, { days: 1, now: TEST_FARM_NOW, seed: 7 });
}
