import { sqlState } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

/** Migration 0013's backfill: the statement that gives the existing countries their zones. */
const BACKFILL = (() => {
  const text = readFileSync(new URL('../../../../../libs/db/migrations/0013_zona_horaria.sql', import.meta.url), 'utf8');
  const statement = text.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'));
  if (!statement) throw new Error('0013_zona_horaria.sql has no UPDATE');
  return statement;
})();

describe.each(testDrivers())('time zones of countries and fundos (issue 16) on $kind', (driver) => {
  let context: SenseContext;
  beforeAll(async () => {
    context = await openSenseContext(driver);
  });
  afterAll(() => closeSenseContext(context));

  const paisOf = async (paisabrev: string) => {
    const [row] = await context.query<{ paisid: number; zonahoraria: string }>(
      sql`select paisid, zonahoraria from sense.pais where paisabrev = ${paisabrev}`,
    );
    return row!;
  };

  it('seeds the demo countries with their zones and leaves the fundos on their country’s', async () => {
    expect((await paisOf('PE')).zonahoraria).toBe('America/Lima');
    expect((await paisOf('CL')).zonahoraria).toBe('America/Santiago');
    const fundos = await context.query<{ zonahoraria: string | null }>(sql`select distinct zonahoraria from sense.fundo`);
    expect(fundos).toEqual([{ zonahoraria: null }]);
  });

  it('answers the zone in the lists the screens read', async () => {
    const response = await context.send('GET', '/api/sense/pais?paisabrev=CL');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TableRow[]>()[0]).toEqual(expect.objectContaining({ paisabrev: 'CL', zonahoraria: 'America/Santiago' }));
    const fundos = await context.send('GET', '/api/sense/fundo?limit=1');
    expect(Object.keys(fundos.json<TableRow[]>()[0]!)).toContain('zonahoraria');
  });

  it('gives a new country the default zone and keeps a valid one in its canonical spelling', async () => {
    const plain = await context.send('POST', '/api/sense/pais', { pais: 'Ecuador', paisabrev: 'EC' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<TableRow>()['zonahoraria']).toBe('America/Lima');
    const named = await context.send('POST', '/api/sense/pais', { pais: 'Bolivia', paisabrev: 'BO', zonahoraria: 'america/la_paz' });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json<TableRow>()['zonahoraria']).toBe('America/La_Paz');
  });

  it.each([['Mars/Olympus_Mons'], ['+05:00'], ['America/Lima; drop table pais'], ['']])(
    'refuses %j as a zone with 400 format timeZone',
    async (zonahoraria) => {
      const response = await context.send('POST', '/api/sense/pais', { pais: 'Nowhere', paisabrev: 'NW', zonahoraria });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).details).toEqual([{ field: 'zonahoraria', rule: 'format', limit: 'timeZone' }]);
    },
  );

  it('sets and clears a fundo’s own zone, refusing an unknown one', async () => {
    const [fundo] = await context.query<{ fundoid: number }>(sql`select fundoid from sense.fundo order by fundoid limit 1`);
    const url = `/api/sense/fundo/${fundo!.fundoid}`;
    const own = await context.send('PUT', url, { zonahoraria: 'America/Santiago' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<TableRow>()['zonahoraria']).toBe('America/Santiago');
    const wrong = await context.send('PUT', url, { zonahoraria: 'America/Atlantis' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).details).toEqual([{ field: 'zonahoraria', rule: 'format', limit: 'timeZone' }]);
    const cleared = await context.send('PUT', url, { zonahoraria: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<TableRow>()['zonahoraria']).toBeNull();
  });

  it('keeps the shape check in the database for writes that bypass the API', async () => {
    const refused = await context.query(sql`update sense.pais set zonahoraria = '-05:00' where paisabrev = 'PE'`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(sqlState(refused)).toBe('23514');
  });

  it('backfills the countries that existed before the migration by their code', async () => {
    await context.query(sql`insert into sense.pais (pais, paisabrev, zonahoraria) values ('Argentina', 'AR', 'America/Lima'), ('Narnia', 'NA', 'America/Lima')`);
    await context.query(sql.raw(BACKFILL));
    expect((await paisOf('AR')).zonahoraria).toBe('America/Argentina/Buenos_Aires');
    expect((await paisOf('CL')).zonahoraria).toBe('America/Santiago');
    expect((await paisOf('NA')).zonahoraria).toBe('America/Lima');
  });
});
