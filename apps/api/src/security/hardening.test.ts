/**
 * Issue 10, item 6: the smaller holes, one test each (docs/security.md, "Issue 10, items 4–6").
 */
import { Writable } from 'node:stream';
import { testDrivers } from '@camposense/db/testing';
import { isApiErrorBody } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { closeSenseContext, openSenseContext } from '../testing/sense-context';
import type { SenseContext } from '../testing/sense-context';
import { TEST_JWT_SECRET } from '../testing/test-app';

/** Dates at and past the end of what PostgreSQL and JavaScript agree on, and their variants. */
const OVERFLOWING_DATES = [
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59Z',
  '9999-01-01',
  '9998-12-31T23:00:00-05:00',
  '9999-12-31T00:00:00+14:00',
  '0000-01-01',
  '0001-01-01',
];

describe.each(testDrivers())('smaller promises of issue 10 on $kind', (driver) => {
  let context: SenseContext;
  let probe: { metricaid: number; nodoid: number; ubicacionid: number; entidadid: number };
  beforeAll(async () => {
    context = await openSenseContext(driver);
    const [row] = await context.query<typeof probe>(sql`
      select m.metricaid, m.nodoid, l.ubicacionid, l.entidadid
        from sense.medicion m join sense.localizacion l on l.nodoid = m.nodoid limit 1`);
    probe = row!;
  });
  afterAll(() => closeSenseContext(context));

  it('answers 400 VALIDATION, never 500, to dates past year 9998 in every date parameter', async () => {
    const problems: string[] = [];
    for (const date of OVERFLOWING_DATES) {
      const encoded = encodeURIComponent(date);
      const urls = [
        `/api/sense/mediciones?endDate=${encoded}`,
        `/api/sense/mediciones?startDate=2026-01-01&endDate=${encoded}`,
        `/api/sense/mediciones?startDate=${encoded}`,
        `/api/sense/mediciones?endDate=${encoded}&countOnly=true`,
        `/api/sense/mediciones-con-entidad?entidadId=${probe.entidadid}&endDate=${encoded}`,
        `/api/sense/series?metricaId=${probe.metricaid}&nodoId=${probe.nodoid}&endDate=${encoded}`,
        `/api/sense/series?metricaId=${probe.metricaid}&nodoId=${probe.nodoid}&startDate=${encoded}`,
        `/api/sense/medicion?fecha=${encoded}`,
      ];
      for (const url of urls) {
        const response = await context.get(url);
        const body: unknown = response.json();
        if (response.statusCode !== 400 || !isApiErrorBody(body) || body.error.code !== 'VALIDATION') {
          problems.push(`${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The last accepted day still answers.
    expect((await context.get('/api/sense/mediciones?endDate=9998-12-31&countOnly=true')).statusCode).toBe(200);
  });

  it('neutralises every formula start in CSV cells, also after whitespace signs and in full-width forms', async () => {
    const starts = ['=', '+', '-', '@', ' =', '\n=', '\t=', '\r=', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
    const [contact] = await context.query<{ contactoid: number }>(sql`select contactoid from sense.contacto limit 1`);
    for (const [index, start] of starts.entries()) {
      await context.query(sql`insert into sense.mensaje (contactoid, mensaje, fecha)
        values (${contact!.contactoid}, ${`${start}HYPERLINK("http://evil.example/${index}")`}, '2030-01-01T00:00:00Z')`);
    }
    const csv = await context.get('/api/sense/reports/mensajes.csv?lang=en');
    expect(csv.statusCode).toBe(200);
    for (const [index, start] of starts.entries()) {
      const cell = `${start}HYPERLINK(""http://evil.example/${index}"")`;
      expect(csv.body, JSON.stringify(start)).toContain(`"'${cell}"`);
    }
  });

  it('spends a download token on its first use and keeps it out of the logs', async () => {
    const issued = await context.get('/api/sense/reports/download-token?report=mensajes');
    const { token } = issued.json<{ token: string }>();
    const url = `/api/sense/reports/mensajes.csv?lang=en&token=${token}`;
    expect((await context.get(url, {})).statusCode).toBe(200);
    const again = await context.get(url, {});
    expect(again.statusCode).toBe(401);
    expect(isApiErrorBody(again.json())).toBe(true);

    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, logger: { level: 'info', stream } });
    try {
      const bearer = { authorization: context.bearer };
      const fresh = (await logged.inject({ method: 'GET', url: '/api/sense/reports/download-token?report=alertas', headers: bearer })).json<{ token: string }>();
      const download = await logged.inject({ method: 'GET', url: `/api/sense/reports/alertas.csv?lang=es&token=${fresh.token}` });
      expect(download.statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/api/sense/reports/alertas.csv?lang=es&token=[redactado]');
      expect(log).not.toContain(fresh.token);
      expect(log).not.toContain(fresh.token.split('.')[2]!);
    } finally {
      await logged.close();
    }
  });
});

describe.each(testDrivers())('password strength on $kind', (driver) => {
  let context: SenseContext;
  beforeAll(async () => {
    context = await openSenseContext(driver);
  });
  afterAll(() => closeSenseContext(context));

  it('refuses weak, common and over-long passwords with rule weakPassword or maxLength, and changes nothing', async () => {
    const weak = ['aaaaaaaaaa', ' '.repeat(10), '1234567890', 'password123', 'qwertyuiop', 'contraseña123', ' Maria.Lopez@CampoSense.dev', 'maríamaríamaría'];
    for (const password of weak) {
      const response = await context.send('POST', '/api/sense/usuario', { login: 'maria.lopez@camposense.dev', firstname: 'María', password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json<{ error: { details: unknown[] } }>().error.details, password).toEqual([
        expect.objectContaining({ field: 'password', rule: 'weakPassword' }),
      ]);
    }
    const tooLong = await context.send('POST', '/api/sense/usuario', { login: 'larga@camposense.dev', password: `Riego-${'x9'.repeat(520)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: { details: unknown[] } }>().error.details).toEqual([{ field: 'password', rule: 'maxLength', limit: 1024 }]);
    const stored = await context.query<{ n: number }>(
      sql`select count(*)::int as n from sense.usuario where login in ('maria.lopez@camposense.dev', 'larga@camposense.dev')`,
    );
    expect(stored[0]?.n).toBe(0);
  });

  it('accepts a strong password up to sign-in’s longest, which then signs in', async () => {
    const longest = `Riego por goteo en el fundo ${'a1B2c3D4'.repeat(130)}`.slice(0, 1024);
    expect([...longest]).toHaveLength(1024);
    const created = await context.send('POST', '/api/sense/usuario', { login: 'fuerte@camposense.dev', password: longest });
    expect(created.statusCode, created.body).toBe(201);
    const signIn = await context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'fuerte@camposense.dev', password: longest } });
    expect(signIn.statusCode).toBe(200);
  });
});
