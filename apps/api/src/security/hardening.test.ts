/**
 * Issue 10, item 6: the smaller holes, one test each (docs/security.md, "Issue 10, items 4–6").
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { isApiErrorBody } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { closeSenseContext, openSenseContext } from '../testing/sense-context';
import type { SenseContext } from '../testing/sense-context';
import { closeTestApp, openTestApp, TEST_JWT_SECRET } from '../testing/test-app';
import type { TestContext } from '../testing/test-app';

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
    // debug: a quick successful request's line is written at debug (logger.ts's accessLevel).
    const logged = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, logger: { level: 'debug', stream } });
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

describe.each(testDrivers())('sign-in limits keyed on (e-mail, address) on $kind (item 5)', (driver) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await openTestApp(driver);
  });
  afterAll(() => closeTestApp(context));
  const operador = DEMO_USERS.find((user) => user.rol === 'user')!;
  const login = (password: string, remoteAddress: string) =>
    context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: operador.login, password }, remoteAddress });

  it('ten wrong passwords from one address slow that address down, not the real user elsewhere', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await login('no-es-la-clave', '203.0.113.66')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    const blocked = await login(DEMO_PASSWORD, '203.0.113.66');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(DEMO_PASSWORD, '198.51.100.99')).statusCode).toBe(200);
  });
});

describe('answers Node itself gives (item 6)', () => {
  /** The raw answer of the server to `request`, over a real socket. */
  const rawAnswer = (port: number, request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(request);
    });

  it('answers a malformed request 400 and oversized headers 431 in the error shape, with the security headers', async () => {
    const [driver] = testDrivers();
    const context = await openTestApp(driver!, { migrate: false });
    try {
      await context.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = context.app.server.address() as AddressInfo;
      const cases = [
        { request: 'GARBAGE / NOT-HTTP\r\n\r\n', status: 400 },
        { request: `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`, status: 431 },
      ];
      for (const { request, status } of cases) {
        const answer = await rawAnswer(port, request);
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Request Header Fields Too Large'}`);
        expect(isApiErrorBody(JSON.parse(body))).toBe(true);
        const headers = head.toLowerCase();
        for (const name of ['content-security-policy', 'x-content-type-options: nosniff', 'x-frame-options: deny', 'referrer-policy: no-referrer']) {
          expect(headers).toContain(name);
        }
      }
    } finally {
      await closeTestApp(context);
    }
  });
});

describe.each(testDrivers())('what a reader (role user) sees on $kind', (driver) => {
  let context: SenseContext;
  let reader: string;
  let readerId: number;
  let otherLogins: string[];
  beforeAll(async () => {
    context = await openSenseContext(driver);
    const operador = DEMO_USERS.find((user) => user.rol === 'user')!;
    const { loginAs } = await import('../testing/test-app');
    const session = await loginAs(context.app, operador.login, DEMO_PASSWORD);
    reader = `Bearer ${session.session.access_token}`;
    readerId = session.user.id;
    otherLogins = (await context.query<{ login: string }>(sql`select login from sense.usuario where usuarioid <> ${readerId}`)).map((row) => row.login);
  });
  afterAll(() => closeSenseContext(context));
  const asReader = (url: string) => context.get(url, { authorization: reader });

  it('gets no e-mail of another user nor any contact’s phone or e-mail, from any list, row or report', async () => {
    const [contact] = await context.query<{ contactoid: number }>(sql`select contactoid from sense.contacto where usuarioid <> ${readerId} limit 1`);
    const answers = await Promise.all(
      [
        '/api/sense/usuario',
        '/api/sense/usuario?page=1&pageSize=50',
        '/api/sense/contacto',
        '/api/sense/correo',
        '/api/sense/mensaje?limit=200',
        `/api/sense/contacto/${contact!.contactoid}`,
        '/api/sense/reports/mensajes?page=1&pageSize=100',
        '/api/sense/reports/mensajes.csv?lang=en',
      ].map(async (url) => ({ url, response: await asReader(url) })),
    );
    const [phones] = await context.query<{ celulares: string[] }>(sql`select coalesce(array_agg(celular), '{}') as celulares from sense.contacto where celular is not null and usuarioid <> ${readerId}`);
    for (const { url, response } of answers) {
      expect(response.statusCode, url).toBe(200);
      for (const login of otherLogins) expect(response.body, `${url} shows ${login}`).not.toContain(login);
      for (const phone of phones!.celulares) expect(response.body, `${url} shows ${phone}`).not.toContain(`"${phone}"`);
    }
    // The reader's own row keeps its login; names stay for everyone (the messages report shows them).
    const users = answers[0]!.response.json<Array<{ usuarioid: number; login: string | null; firstname: string | null }>>();
    expect(users.find((row) => row.usuarioid === readerId)?.login).toEqual(expect.stringContaining('@'));
    expect(users.filter((row) => row.firstname !== null).length).toBeGreaterThan(0);
    const report = answers[6]!.response.json<{ data: Array<{ contacto: { usuario: { firstname: string | null } | null } | null }> }>();
    expect(report.data.some((row) => row.contacto?.usuario?.firstname)).toBe(true);
  });

  it('cannot filter, sort or search by the columns it does not see; an admin still sees and uses them all', async () => {
    const someone = otherLogins[0]!;
    expect((await asReader(`/api/sense/usuario?login=${encodeURIComponent(someone)}`)).statusCode).toBe(400);
    expect((await asReader('/api/sense/usuario?sortBy=login')).statusCode).toBe(400);
    expect((await asReader('/api/sense/contacto?correo=x%40y')).statusCode).toBe(400);
    const searched = await asReader(`/api/sense/usuario?search=${encodeURIComponent(someone)}`);
    expect(searched.json()).toEqual([]);

    const admin = await context.get('/api/sense/usuario');
    for (const login of otherLogins) expect(admin.body).toContain(login);
    expect((await context.get(`/api/sense/usuario?login=${encodeURIComponent(someone)}`)).json()).toHaveLength(1);
  });
});

describe('the OpenAPI document (item 6)', () => {
  it('lists no JSON Schema keyword as a query parameter, and documents If-Match and the key of the composite routes', async () => {
    const [driver] = testDrivers();
    const context = await openTestApp(driver!, { migrate: false });
    try {
      const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; description?: string }>>;
      }>();
      const keywords = new Set(['type', 'additionalProperties', 'properties', 'required', 'description', 'anyOf', 'oneOf']);
      const bogus: string[] = [];
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          for (const parameter of operation.parameters ?? []) {
            if (parameter.in === 'query' && keywords.has(parameter.name)) bogus.push(`${method} ${path} ?${parameter.name}`);
          }
        }
      }
      expect(bogus).toEqual([]);
      const composite = document.paths['/api/sense/{table}/composite']!;
      expect(Object.keys(composite).sort()).toEqual(['delete', 'get', 'put']);
      expect(composite['put']!.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'if-match' })]));
      expect(composite['put']!.description).toContain('?nodoid=1&tipoid=2');
    } finally {
      await closeTestApp(context);
    }
  });
});
