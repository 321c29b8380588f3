import { describe, expect, it } from 'vitest';
import { planWorkers } from './cluster-config';

describe('planWorkers', () => {
  it('runs one worker by default, on either database', () => {
    expect(planWorkers({})).toEqual({ workers: 1 });
    expect(planWorkers({ WORKERS: '' })).toEqual({ workers: 1 });
    expect(planWorkers({ WORKERS: '1' })).toEqual({ workers: 1 });
  });

  it('runs several on PostgreSQL with a shared JWT_SECRET', () => {
    expect(planWorkers({ WORKERS: '4', DATABASE_URL: 'postgres://db/x', JWT_SECRET: 's'.repeat(40) })).toEqual({ workers: 4 });
  });

  it('refuses several on the embedded database, naming DATABASE_URL', () => {
    expect(() => planWorkers({ WORKERS: '2', JWT_SECRET: 's'.repeat(40) })).toThrow(/WORKERS=2 needs PostgreSQL: set DATABASE_URL.*PGlite/);
  });

  it('refuses several without JWT_SECRET: generated keys would differ', () => {
    expect(() => planWorkers({ WORKERS: '2', DATABASE_URL: 'postgres://db/x' })).toThrow(/WORKERS=2 needs JWT_SECRET/);
  });

  it('refuses what is not a worker count', () => {
    for (const value of ['0', '-1', '1.5', 'many', '65']) {
      expect(() => planWorkers({ WORKERS: value })).toThrow(/WORKERS must be a whole number from 1 to 64/);
    }
  });
});
