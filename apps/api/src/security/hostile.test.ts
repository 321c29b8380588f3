/**
 * Hostile input against every route of the app (issue 4, item 4). The route list comes from the
 * app itself (`app.routeCatalogue`, filled by an onRoute hook), so a route added later is attacked
 * too without touching this file. Each table of cases is run in one test that gathers every
 * violation and reports them together: route, input, status and body.
 */
import { appendFileSync } from 'node:fs';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoFarm } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { isApiErrorBody } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_BODY_LIMIT_BYTES } from '../modules/tables/bulk-routes';
import type { RouteEntry } from './route-catalogue';
import { GUARDED_PREFIX, WRITE_METHODS } from './require-role';
import { closeTestApp, loginAs, openTestApp, TEST_JWT_SECRET } from '../testing/test-app';
import type { TestContext } from '../testing/test-app';

const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
const operador = DEMO_USERS.find((user) => user.rol === 'user')!;

/** Strings that have broken servers before: SQL and JSON injection, encodings, sizes, numbers. */
const HOSTILE_STRINGS: readonly string[] = [
  "' OR '1'='1",
  "1; DROP TABLE sense.pais; --",
  'pais"; DROP TABLE sense.pais; --',
  'pais UNION SELECT password_hash FROM sense.usuario',
  "') OR 1=1 --",
  '$1',
  '{"$gt": ""}',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  'x'.repeat(100_000),
  'ñandú 🌱 漢字 \u202Eevil',
  'nul\u0000byte',
  '%00%27',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  '[]',
  '',
];

/** Table names from URLs: none may reach SQL, all are unknown (404) or malformed (400). */
const HOSTILE_TABLES: readonly string[] = [
  'nope',
  'sesion',
  'pg_catalog.pg_user',
  'sense.usuario',
  'usuario;select 1',
  'PAIS',
  'pais%00',
  'pais\u0000',
  '__proto__',
  'constructor',
  '%2e%2e',
  "pais' --",
  'x'.repeat(5_000),
];

/** Ids that must never match a row: a DELETE or PUT with any of them changes nothing. */
const HOSTILE_IDS: readonly string[] = [
  '1 OR 1=1',
  '1;DROP TABLE sense.pais',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '9223372036854775808',
  'abc',
  '%00',
  'null',
  '1e309',
  '0x10',
  "1'",
];

/**
 * The live stream's only credential is a one-use ticket in its query (modules/live/routes.ts): these cases
 * carry a bearer instead, so its right answer is 401 (live.test.ts tries the tickets themselves).
 */
const TICKET_ONLY_ROUTE = '/api/sense/stream';
/** Takes no body: whatever is sent, it issues a ticket for the bearer and writes no row. */
const TICKET_ISSUER_ROUTE = '/api/sense/stream/ticket';

const VALID_TABLES = ['pais', 'alerta', 'mensaje', 'usuario', 'localizacion'] as const;

/** Query keys the API reads somewhere, plus names that are not columns at all. */
const QUERY_KEYS: readonly string[] = [
  'page',
  'pageSize',
  'after',
  'search',
  'sortBy',
  'sortOrder',
  'limit',
  'paisId',
  'empresaId',
  'fundoId',
  'ubicacionId',
  'entidadId',
  'startDate',
  'endDate',
  'countOnly',
  'getAll',
  'paisabrev',
  'statusid',
  'pais; drop table sense.pais',
  '__proto__',
];

/** Raw bodies with the content type they claim. */
const HOSTILE_RAW_BODIES: ReadonlyArray<{ name: string; payload: string; contentType: string; status?: number }> = [
  { name: 'malformed JSON', payload: '{"pais": ', contentType: 'application/json', status: 400 },
  { name: 'empty JSON', payload: '', contentType: 'application/json', status: 400 },
  { name: 'an array', payload: '[{"pais":"x"}]', contentType: 'application/json' },
  { name: 'a string', payload: '"pais"', contentType: 'application/json' },
  { name: 'a number', payload: '42', contentType: 'application/json' },
  { name: 'null', payload: 'null', contentType: 'application/json' },
  { name: 'prototype pollution', payload: '{"__proto__": {"rol": "admin"}, "constructor": {"prototype": {"rol": "admin"}}}', contentType: 'application/json' },
  { name: 'deep nesting', payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: 'application/json' },
  { name: 'a NUL byte', payload: '{"pais": "a\\u0000b", "paisabrev": "\\u0000"}', contentType: 'application/json' },
  { name: 'a column name with SQL', payload: '{"pais\\"; drop table sense.pais; --": "x"}', contentType: 'application/json' },
  { name: 'a body over the limit', payload: JSON.stringify({ pais: 'x'.repeat(2 * 1024 * 1024) }), contentType: 'application/json', status: 413 },
  // Fastify parses text/plain (to a string, which no body schema accepts); forms it does not parse.
  { name: 'text/plain', payload: 'pais=Chile', contentType: 'text/plain' },
  { name: 'a form', payload: 'pais=Chile&paisabrev=CL', contentType: 'application/x-www-form-urlencoded', status: 415 },
];

/** JSON bodies that are wrong for every write: unknown columns, wrong types, huge strings. */
const HOSTILE_OBJECT_BODIES: readonly object[] = [
  {},
  { 'pais; drop table sense.pais': 'x' },
  { pais: 123, paisabrev: true },
  { pais: ['Chile'], paisabrev: { $gt: '' } },
  { pais: 'x'.repeat(100_000), paisabrev: 'x'.repeat(100_000) },
  { pais: 'Chile', paisabrev: 'CLX' },
  { pais: null, paisabrev: null },
  { paisid: "1 OR 1=1", pais: 'Chile', paisabrev: 'CL', extra: 'field' },
  { password_hash: '$argon2id$v=19$m=1$x', login: 'intruso@camposense.dev' },
  { usuarioid: 1, rol: 'superadmin', login: 123 },
  { login: 'débil@camposense.dev', rol: 'user', password: 'corta' },
  { login: 'igual@camposense.dev', rol: 'user', password: 'igual@camposense.dev' },
  { statusid: 7, datecreated: 'ayer' },
  // Weak passwords (issue 10): repeats, blanks, common ones, and one longer than sign-in takes.
  { login: 'debil.a@camposense.dev', rol: 'admin', password: 'aaaaaaaaaa' },
  { login: 'debil.b@camposense.dev', rol: 'admin', password: ' '.repeat(10) },
  { login: 'debil.c@camposense.dev', rol: 'admin', password: 'password123' },
  { login: 'larga@camposense.dev', rol: 'admin', password: `Riego-${'x9'.repeat(600)}` },
  { pais: 'ok', paisabrev: 'TOOLONG', usercreatedid: 'x' },
];

/** What each status may carry as its code (api.md, "Errors"). */
const CODES_BY_STATUS: Record<number, readonly string[]> = {
  400: ['BAD_REQUEST', 'VALIDATION'],
  412: ['PRECONDITION_FAILED'],
  401: ['UNAUTHORIZED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
  409: ['DUPLICATE', 'FOREIGN_KEY', 'CONSTRAINT'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['BAD_REQUEST'],
  429: ['RATE_LIMITED'],
};

/** Texts that must never reach a client. */
const LEAKS = [/\$argon2/i, /failed query/i, /\n\s+at /, /node_modules/, /\.ts:\d+/, /syntax error at or near/i, /drizzle/i];

interface HostileCase {
  route: RouteEntry;
  inject: InjectOptions;
  /** Statuses that are right for this input. */
  allowed: readonly number[];
  label: string;
}

const isProtected = (route: RouteEntry) => route.url.startsWith(`${GUARDED_PREFIX}/`) || route.url === '/api/auth/me';
// The ticket issuer writes nothing: every signed-in role may ask for one (live.test.ts).
const isSenseWrite = (route: RouteEntry) => route.url.startsWith(`${GUARDED_PREFIX}/`) && WRITE_METHODS.has(route.method) && !route.writesNothing;
const isTableRoute = (route: RouteEntry) => route.url.includes('/:table');
/**
 * The one write the demo operador's level reaches (operacion in every company tunes thresholds,
 * issue 32): a user's token is let through to it, and tenancy-writes.test.ts checks what it may do.
 */
const tunesThresholds = (route: RouteEntry) => route.url === `${GUARDED_PREFIX}/umbral/massive`;

/** The route's path with each parameter filled in. */
function fillPath(url: string, values: { table?: string; id?: string; wildcard?: string }): string {
  return url
    .replace(':table', encodeURIComponent(values.table ?? 'pais'))
    .replace(/:[A-Za-z]+/g, encodeURIComponent(values.id ?? '1'))
    .replace('*', encodeURIComponent(values.wildcard ?? 'x'));
}

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

function describeViolation(testCase: HostileCase, response: LightMyRequestResponse, problem: string): string {
  const body = response.body.length > 300 ? `${response.body.slice(0, 300)}…` : response.body;
  const input = JSON.stringify({ url: testCase.inject.url, payload: testCase.inject.payload }).slice(0, 300);
  return `${testCase.route.method} ${testCase.route.url} [${testCase.label}] ${input} → ${response.statusCode} ${body}: ${problem}`;
}

/** Everything that is wrong with one answer; empty when it is right. */
function violations(testCase: HostileCase, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (!testCase.allowed.includes(status)) problems.push(`status ${status}, expected one of ${testCase.allowed.join(', ')}`);
  for (const leak of LEAKS) if (leak.test(response.body)) problems.push(`the answer leaks ${leak}`);
  if (status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      problems.push('the error answer is not JSON');
    }
    const loginFailure =
      testCase.route.url === '/api/auth/login' &&
      status === 401 &&
      typeof body === 'object' &&
      body !== null &&
      (body as { success?: unknown }).success === false;
    if (body !== undefined && !loginFailure) {
      if (!isApiErrorBody(body)) problems.push('the answer is not the error shape');
      else if (!(CODES_BY_STATUS[status] ?? []).includes(body.error.code)) problems.push(`code ${body.error.code} for ${status}`);
    }
  }
  return problems.map((problem) => describeViolation(testCase, response, problem));
}

/**
 * Per table: its row count and an md5 over its rows in a fixed order. Every sense table but the
 * ones a sign-in writes by design: its sessions and its attempt counts.
 */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const tables = await database.query<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'sense' and table_type = 'BASE TABLE' and table_name not in ('sesion', 'intentoacceso')
        order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const rows = await database.query<{ count: number; digest: string | null }>(
      sql`select count(*)::int as count, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
          from ${sql.identifier('sense')}.${sql.identifier(table)} t`,
    );
    result[table] = `${rows[0]?.count}:${rows[0]?.digest}`;
  }
  return result;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens that must all be refused: garbage, expired, unsigned, forged, wrong claims. */
async function badTokens(): Promise<Array<{ name: string; header: string }>> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { email: admin.login, rol: 'admin' };
  const sign = (payload: object, key: Uint8Array, options: { iat?: number; exp?: number; iss?: string; aud?: string; sub?: string } = {}) =>
    new SignJWT(payload as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(options.sub ?? '1')
      .setIssuer(options.iss ?? 'camposense')
      .setAudience(options.aud ?? 'camposense-console')
      .setIssuedAt(options.iat ?? now)
      .setExpirationTime(options.exp ?? now + 900)
      .sign(key);
  const otherKey = new TextEncoder().encode('another-secret-of-sufficient-length-000');
  const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, sub: '1', iss: 'camposense', aud: 'camposense-console', iat: now, exp: now + 900 })}.`;
  return [
    { name: 'no header', header: '' },
    { name: 'Basic', header: 'Basic YWRtaW46YWRtaW4=' },
    { name: 'empty bearer', header: 'Bearer ' },
    { name: 'garbage', header: 'Bearer not.a.jwt' },
    { name: 'huge', header: `Bearer ${'a'.repeat(100_000)}` },
    { name: 'NUL', header: 'Bearer abc\u0000def' },
    { name: 'alg none', header: `Bearer ${unsigned}` },
    { name: 'alg none, signature kept', header: `Bearer ${unsigned}c2lnbmF0dXJl` },
    { name: 'expired', header: `Bearer ${await sign(claims, TEST_JWT_SECRET, { iat: now - 3600, exp: now - 2700 })}` },
    { name: 'forged (other key)', header: `Bearer ${await sign(claims, otherKey)}` },
    { name: 'wrong issuer', header: `Bearer ${await sign(claims, TEST_JWT_SECRET, { iss: 'evil' })}` },
    { name: 'wrong audience', header: `Bearer ${await sign(claims, TEST_JWT_SECRET, { aud: 'evil' })}` },
    { name: 'unknown role', header: `Bearer ${await sign({ ...claims, rol: 'superadmin' }, TEST_JWT_SECRET)}` },
    { name: 'sub not a number', header: `Bearer ${await sign(claims, TEST_JWT_SECRET, { sub: "1 OR 1=1" })}` },
  ];
}

/**
 * Admins whose rights were taken away after they signed in (issue 10, item 4): demoted,
 * deactivated, logged out. Made before the fingerprint, so their rows are part of "unchanged".
 */
async function revokedAdmins(context: TestContext, adminBearer: string): Promise<Array<{ name: string; bearer: string }>> {
  const password = 'Riego-por-goteo 2026';
  const revoked: Array<{ name: string; bearer: string }> = [];
  for (const name of ['demoted', 'deactivated', 'logged out']) {
    const login = `revocado.${name.replace(' ', '-')}@camposense.dev`;
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/sense/usuario',
      headers: { authorization: adminBearer },
      payload: { login, password, rol: 'admin' },
    });
    const id = created.json<{ usuarioid: number }>().usuarioid;
    const { session } = await loginAs(context.app, login, password);
    if (name === 'logged out') {
      await context.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: session.refresh_token } });
    } else {
      await context.app.inject({
        method: 'PUT',
        url: `/api/sense/usuario/${id}`,
        headers: { authorization: adminBearer },
        payload: name === 'demoted' ? { rol: 'user' } : { statusid: 0 },
      });
    }
    revoked.push({ name, bearer: `Bearer ${session.access_token}` });
  }
  return revoked;
}

/** Dates past what PostgreSQL and JavaScript agree on (issue 10, item 6). */
const OVERFLOWING_DATES = ['9999-12-31', '9999-12-31T23:59:59.999Z', '9998-12-31T23:00:00-05:00', '9999-12-31T00:00:00+14:00', '0001-01-01'];

describe.each(testDrivers())('hostile input on $kind', (driver) => {
  let context: TestContext;
  let adminBearer: string;
  /** POST /api/ingest/readings and /status take an ingest key, not a session. */
  let ingestBearer: string;
  let userBearer: string;
  let before: Record<string, string>;
  let routes: readonly RouteEntry[];
  let revokedBearers: Array<{ name: string; bearer: string }>;

  beforeAll(async () => {
    // No sign-in limit here: the suite signs in with hundreds of bad bodies from one address.
    context = await openTestApp(driver, {
      loginRateLimit: { perEmail: 1_000_000, perAddress: 1_000_000, backoff: { freeAttempts: 1_000_000 } },
    });
    await seedDemoFarm(context.database, { days: 1, now: new Date('2026-11-01T12:00:00Z') });
    adminBearer = `Bearer ${(await loginAs(context.app, admin.login, DEMO_PASSWORD)).session.access_token}`;
    const ingestKey = await context.app.inject({ method: 'POST', url: '/api/ingest/keys', headers: { authorization: adminBearer }, payload: { nombre: 'hostile' } });
    ingestBearer = `Bearer ${ingestKey.json<{ clave: string }>().clave}`;
    userBearer = `Bearer ${(await loginAs(context.app, operador.login, DEMO_PASSWORD)).session.access_token}`;
    revokedBearers = await revokedAdmins(context, adminBearer);
    routes = context.app.routeCatalogue;
    before = await fingerprint(context.database);
  });
  afterAll(() => closeTestApp(context));

  async function run(cases: readonly HostileCase[]): Promise<string[]> {
    const found: string[] = [];
    for (const testCase of cases) {
      try {
        const response = await context.app.inject(testCase.inject);
        found.push(...violations(testCase, response));
      } catch (error) {
        // The connection was dropped instead of answered (a browser would see a network error).
        const input = JSON.stringify({ url: testCase.inject.url, payload: testCase.inject.payload }).slice(0, 300);
        found.push(`${testCase.route.method} ${testCase.route.url} [${testCase.label}] ${input} → no answer: ${String(error)}`);
      }
    }
    // HOSTILE_REPORT=<file> keeps the violations, one a line, for reading outside the test output.
    const report = process.env['HOSTILE_REPORT'];
    if (report && found.length > 0) appendFileSync(report, `${found.join('\n')}\n`);
    return found;
  }

  const headers = (authorization: string | undefined, extra: Record<string, string> = {}) =>
    authorization ? { authorization, ...extra } : extra;

  it('walks a catalogue that holds every part of the API', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /api/auth/login', 'POST /api/auth/refresh', 'POST /api/auth/logout', 'GET /api/auth/me']));
    expect(routes.filter(isSenseWrite).length).toBeGreaterThan(0);
    expect(routes.filter((route) => route.url.startsWith(GUARDED_PREFIX) && route.method === 'GET').length).toBeGreaterThan(5);
  });

  it('refuses every forged, expired, unsigned or malformed token with 401 on every protected route', async () => {
    const cases: HostileCase[] = [];
    for (const token of await badTokens()) {
      for (const route of routes.filter(isProtected)) {
        cases.push({
          route,
          label: `token: ${token.name}`,
          allowed: [401],
          inject: {
            method: route.method as 'GET',
            url: fillPath(route.url, {}),
            headers: headers(token.header || undefined),
            ...(route.method === 'GET' ? {} : { payload: { pais: 'Chile', paisabrev: 'CL' } }),
          },
        });
      }
    }
    expect(await run(cases)).toEqual([]);
  });

  it('answers 403 to a user token on every write, whatever the table, id or body', async () => {
    const cases: HostileCase[] = [];
    for (const route of routes.filter((entry) => isSenseWrite(entry) && !tunesThresholds(entry))) {
      for (const table of ['pais', 'usuario', 'nope']) {
        for (const payload of [{ pais: 'Chile', paisabrev: 'CL' }, ...HOSTILE_OBJECT_BODIES.slice(0, 4)]) {
          cases.push({
            route,
            label: `user token, table ${table}`,
            allowed: [403],
            inject: { method: route.method as 'POST', url: fillPath(route.url, { table }), headers: headers(userBearer), payload },
          });
        }
      }
      for (const raw of HOSTILE_RAW_BODIES) {
        cases.push({
          route,
          label: `user token, ${raw.name}`,
          allowed: [403],
          inject: {
            method: route.method as 'POST',
            url: fillPath(route.url, {}),
            headers: headers(userBearer, { 'content-type': raw.contentType }),
            payload: raw.payload,
          },
        });
      }
    }
    expect(await run(cases)).toEqual([]);
  });

  it('answers 401 or 403 to a revoked admin’s still-unexpired token on every write (issue 10)', async () => {
    const cases: HostileCase[] = [];
    for (const route of routes.filter(isSenseWrite)) {
      for (const { name, bearer } of revokedBearers) {
        for (const table of ['pais', 'usuario']) {
          const payload = table === 'usuario' ? { login: 'puerta@camposense.dev', password: 'Riego-por-goteo 2026', rol: 'admin' } : { pais: 'X', paisabrev: 'XX' };
          cases.push({
            route,
            label: `${name} admin, table ${table}`,
            allowed: [401, 403],
            inject: { method: route.method as 'POST', url: fillPath(route.url, { table, id: '1' }), headers: headers(bearer), payload },
          });
        }
      }
    }
    expect(cases.length).toBeGreaterThan(0);
    expect(await run(cases)).toEqual([]);
  });

  it('answers 412 to a stale If-Match on every update and delete of an existing row, writing nothing (issue 10)', async () => {
    const [pais] = await context.database.query<{ paisid: number }>(sql`select paisid from sense.pais order by paisid limit 1`);
    const [sensor] = await context.database.query<{ nodoid: number; tipoid: number }>(sql`select nodoid, tipoid from sense.sensor limit 1`);
    const cases: HostileCase[] = [];
    const targets = routes.filter(
      (route) => isTableRoute(route) && (route.method === 'PUT' || route.method === 'DELETE') && route.url.startsWith(GUARDED_PREFIX),
    );
    for (const route of targets) {
      const composite = route.url.endsWith('/composite');
      const url = composite
        ? `${fillPath(route.url, { table: 'sensor' })}?nodoid=${sensor!.nodoid}&tipoid=${sensor!.tipoid}`
        : fillPath(route.url, { table: 'pais', id: String(pais!.paisid) });
      const payload = route.method === 'PUT' ? (composite ? { statusid: 0 } : { pais: 'Sobrescrito' }) : undefined;
      for (const ifMatch of ['"stale"', 'W/"stale"', '"a", "b"', 'garbage']) {
        cases.push({
          route,
          label: `If-Match ${ifMatch}`,
          allowed: [412],
          inject: { method: route.method as 'PUT', url, headers: headers(adminBearer, { 'if-match': ifMatch }), ...(payload ? { payload } : {}) },
        });
      }
    }
    expect(cases.length).toBeGreaterThan(0);
    expect(await run(cases)).toEqual([]);
  });

  it('answers 400, never 500, to dates past year 9998 in any date parameter of any read (issue 10)', async () => {
    const cases: HostileCase[] = [];
    const reads = routes.filter((route) => route.method === 'GET' && route.url.startsWith(GUARDED_PREFIX) && !route.url.replace(':table', '').includes(':'));
    for (const route of reads) {
      for (const date of OVERFLOWING_DATES) {
        for (const key of ['startDate', 'endDate', 'fecha', 'datecreated']) {
          cases.push({
            route,
            label: `${key}=${date}`,
            allowed: route.url === TICKET_ONLY_ROUTE ? [401] : [200, 400, 404],
            inject: { method: 'GET', url: withQuery(fillPath(route.url, { table: 'medicion' }), { [key]: date }), headers: headers(adminBearer) },
          });
        }
      }
    }
    expect(await run(cases)).toEqual([]);
  }, 600_000);

  it('never answers 500 to hostile table names, ids and wildcards in the path', async () => {
    const cases: HostileCase[] = [];
    for (const route of routes) {
      const write = WRITE_METHODS.has(route.method);
      // Redirects are fine for the documentation pages (/api/docs → its index).
      const allowed = write ? [400, 401, 403, 404, 409, 415] : [200, 301, 302, 400, 401, 404];
      const auth = headers(adminBearer);
      if (isTableRoute(route)) {
        for (const table of HOSTILE_TABLES) {
          cases.push({
            route,
            label: 'hostile table',
            allowed: [400, 404],
            inject: { method: route.method as 'GET', url: fillPath(route.url, { table }), headers: auth, ...(write ? { payload: { x: 1 } } : {}) },
          });
        }
      }
      if (/:(?!table)[A-Za-z]+/.test(route.url)) {
        for (const id of HOSTILE_IDS) {
          for (const table of ['pais', 'alerta', 'localizacion']) {
            cases.push({
              route,
              label: `hostile id on ${table}`,
              // 403: an admin writing to a read-only table (alerta, mensaje).
              allowed: write ? [400, 403, 404] : [200, 400, 404],
              inject: {
                method: route.method as 'GET',
                url: fillPath(route.url, { table, id }),
                headers: auth,
                ...(write ? { payload: { pais: 'Hostil', paisabrev: 'HX' } } : {}),
              },
            });
          }
        }
      }
      if (route.url.includes('*')) {
        for (const wildcard of [...HOSTILE_IDS, '../../../package.json', '..%2f..%2fpackage.json', '.env']) {
          cases.push({ route, label: 'hostile wildcard', allowed: [200, 400, 403, 404], inject: { method: 'GET', url: fillPath(route.url, { wildcard }) } });
        }
      }
      if (isTableRoute(route) || route.url.includes(':')) {
        // A broken %-escape never reaches a route: the router itself refuses it.
        // Routes with a fixed table name (`/umbral/:id/preview`) get it in their id instead.
        const filled = fillPath(route.url, { table: 'pais', id: '1' });
        const broken = filled.includes('/pais') ? filled.replace('/pais', '/pa%E0%A4%is') : filled.replace(/\/1(\/|$)/, '/1%E0%A4%$1');
        cases.push({
          route,
          label: 'broken %-escape',
          allowed: [400],
          inject: { method: route.method as 'GET', url: broken, headers: auth },
        });
      }
      if (!isTableRoute(route) && !route.url.includes(':') && !route.url.includes('*') && !write) {
        cases.push({ route, label: 'plain', allowed, inject: { method: route.method as 'GET', url: route.url, headers: auth } });
      }
    }
    expect(await run(cases)).toEqual([]);
  });

  it('never answers 500 to hostile query strings: search, sortBy, filters, pages, dates, limits', async () => {
    const cases: HostileCase[] = [];
    // The reads of /api/sense whose only parameter (if any) is the table.
    const reads = routes.filter(
      (route) => route.method === 'GET' && route.url.startsWith(GUARDED_PREFIX) && !route.url.replace(':table', '').includes(':'),
    );
    for (const route of reads) {
      const tables = isTableRoute(route) ? (route.url.endsWith(':table') ? VALID_TABLES : ['pais']) : [undefined];
      for (const table of tables) {
        for (const key of QUERY_KEYS) {
          for (const value of HOSTILE_STRINGS) {
            cases.push({
              route,
              label: `${table ?? ''} ?${key.slice(0, 20)}=…`,
              allowed: route.url === TICKET_ONLY_ROUTE ? [401] : [200, 400, 404],
              inject: { method: 'GET', url: withQuery(fillPath(route.url, { table }), { [key]: value }), headers: headers(adminBearer) },
            });
          }
        }
        // A hostile string as the name of a filter, with the paginated form switched on.
        for (const name of HOSTILE_STRINGS.filter((value) => value.length > 0)) {
          cases.push({
            route,
            label: `${table ?? ''} filter named hostile`,
            allowed: route.url === TICKET_ONLY_ROUTE ? [401] : [200, 400, 404],
            inject: { method: 'GET', url: withQuery(fillPath(route.url, { table }), { page: '1', [name]: '1' }), headers: headers(adminBearer) },
          });
        }
        // Repeated keys arrive as arrays.
        cases.push({
          route,
          label: `${table ?? ''} repeated keys`,
          allowed: route.url === TICKET_ONLY_ROUTE ? [401] : [200, 400, 404],
          inject: { method: 'GET', url: `${fillPath(route.url, { table })}?page=1&page=2&sortBy=pais&sortBy=x&search=a&search=b`, headers: headers(adminBearer) },
        });
      }
    }
    expect(await run(cases)).toEqual([]);
    // Thousands of requests: on a loaded machine this takes minutes, not the default minute.
  }, 600_000);

  it('answers deep pages and forged cursors of every paginated list 400 or a page, never 500 (issue 27, item 8)', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cursors = [
      forged([2, 'alertas fecha desc', 'not a date', 1]),
      forged([2, 'alertas fecha desc', '2026-11-01 00:00:00+00', 1e300]),
      forged([2, 'alertas valor desc', '1e999999', 1]),
      forged([2, 'alertas statusid asc', '99999999999999999999', 1]),
      forged([2, 'mensajes contacto desc', "1' or '1'='1", 1]),
      forged([2, 'fecha desc,alertaid desc', ['2026-11-01'], { x: 1 }]),
      forged([Number.MAX_SAFE_INTEGER, 'alertas fecha desc', '2026-11-01 00:00:00+00', 1]),
      forged({ page: 2 }),
      forged('x'.repeat(3_000)),
      'x'.repeat(5_000),
      '%00',
      '',
    ];
    const pages = ['0', '-1', '10002', '2147483647', '2147483648', '9007199254740993', '1e9', '501'];
    const lists = ['/api/sense/reports/alertas', '/api/sense/reports/mensajes', '/api/sense/alerta', '/api/sense/mensaje', '/api/sense/medicion'];
    const cases: HostileCase[] = [];
    for (const url of lists) {
      const route = routes.find((candidate) => candidate.method === 'GET' && (candidate.url === url || (candidate.url === '/api/sense/:table' && url.split('/').length === 4)))!;
      expect(route, url).toBeDefined();
      for (const sortBy of ['fecha', 'statusid']) {
        for (const page of pages) {
          for (const pageSize of ['1', '20', '100']) {
            cases.push({ route, label: `page=${page}&pageSize=${pageSize}`, allowed: [200, 400], inject: { method: 'GET', url: withQuery(url, { page, pageSize, sortBy }), headers: headers(userBearer) } });
          }
        }
        for (const after of cursors) {
          cases.push({ route, label: 'forged after', allowed: [400], inject: { method: 'GET', url: withQuery(url, { after, sortBy, page: '3' }), headers: headers(userBearer) } });
        }
      }
    }
    expect(await run(cases)).toEqual([]);
    // A page a reader cannot reach by number is a 400 that names the deepest one it can.
    const [{ total }] = (await context.database.query<{ total: number }>(sql`select count(*)::int as total from sense.medicion`)) as [{ total: number }];
    expect(total).toBeGreaterThan(20_002);
    const middle = await context.app.inject({ method: 'GET', url: `/api/sense/medicion?pageSize=1&page=${Math.floor(total / 2)}`, headers: headers(userBearer) });
    expect(middle.statusCode).toBe(400);
    expect(middle.json<{ error: { details: unknown[] } }>().error.details).toEqual([{ field: 'page', rule: 'maximum', limit: 10_001 }]);
  }, 300_000);

  it('never answers 500 to hostile bodies on any write, and never writes anything', async () => {
    const cases: HostileCase[] = [];
    const writes = routes.filter((route) => WRITE_METHODS.has(route.method));
    for (const route of writes) {
      const auth = route.url.startsWith('/api/auth/') ? undefined : ['/api/ingest/readings', '/api/ingest/status'].includes(route.url) ? ingestBearer : adminBearer;
      const allowedFor = (status?: number): number[] => {
        if (status) return [status];
        if (route.url === '/api/auth/login') return [400, 401, 415];
        if (route.url === '/api/auth/refresh') return [400, 401, 415];
        if (route.url === TICKET_ISSUER_ROUTE) return [200, 400, 415];
        if (route.url === '/api/auth/logout') return [204, 400, 415];
        // 403: an admin writing to a read-only table (alerta, mensaje).
        return [400, 403, 404, 409, 415];
      };
      const tables = isTableRoute(route) ? VALID_TABLES : [undefined];
      for (const table of tables) {
        // The composite routes name the row in the query: only keys that match nothing.
        const path = fillPath(route.url, { table, id: '999999' });
        const url = route.url.endsWith('/composite') ? `${path}?entidadid=999999&ubicacionid=999999&nodoid=999999` : path;
        for (const raw of HOSTILE_RAW_BODIES) {
          // The massive import takes bodies up to BULK_BODY_LIMIT_BYTES: 2 MB is within its limit
          // (an answer about the rows, not 413); its own limit is tried below, once.
          const withinBulkLimit = route.url.endsWith('/bulk') && raw.status === 413;
          cases.push({
            route,
            label: `${table ?? ''} ${raw.name}`,
            allowed: withinBulkLimit ? allowedFor() : allowedFor(raw.status),
            inject: { method: route.method as 'POST', url, headers: headers(auth, { 'content-type': raw.contentType }), payload: raw.payload },
          });
        }
        if (route.url.endsWith('/bulk') && table === 'pais') {
          cases.push({
            route,
            label: 'pais a body over the massive import\'s limit',
            allowed: [413],
            inject: {
              method: 'POST',
              url,
              headers: headers(adminBearer, { 'content-type': 'application/json' }),
              payload: JSON.stringify({ rows: [{ umbral: 'x'.repeat(BULK_BODY_LIMIT_BYTES) }] }),
            },
          });
        }
        for (const payload of HOSTILE_OBJECT_BODIES) {
          cases.push({
            route,
            label: `${table ?? ''} object body`,
            allowed: allowedFor(),
            inject: { method: route.method as 'POST', url, headers: headers(auth), payload },
          });
        }
      }
      if (route.url === '/api/auth/login') {
        for (const value of HOSTILE_STRINGS) {
          for (const payload of [{ email: value, password: DEMO_PASSWORD }, { email: admin.login, password: value }]) {
            const invalid = value.length === 0 || (payload.email === value && value.length > 254) || value.length > 1024;
            // A NUL byte cannot be in an e-mail: refusing it as invalid (400) is as right as 401.
            const allowed = invalid ? [400] : payload.email === value && value.includes('\u0000') ? [400, 401] : [401];
            cases.push({ route, label: 'hostile credentials', allowed, inject: { method: 'POST', url: route.url, payload } });
          }
        }
      }
      if (route.url === '/api/auth/refresh' || route.url === '/api/auth/logout') {
        for (const value of HOSTILE_STRINGS) {
          const tooLong = value.length === 0 || value.length > 256;
          const allowed = route.url.endsWith('/refresh') ? (tooLong ? [400] : [401]) : tooLong ? [400] : [204];
          cases.push({ route, label: 'hostile refresh token (body)', allowed, inject: { method: 'POST', url: route.url, payload: { refresh_token: value } } });
          if (value.length < 4_000 && !value.includes('\u0000') && /^[\x20-\x7e]*$/.test(value)) {
            cases.push({
              route,
              label: 'hostile refresh token (cookie)',
              allowed: route.url.endsWith('/refresh') ? [401] : [204],
              inject: { method: 'POST', url: route.url, cookies: { camposense_refresh: value } },
            });
          }
        }
      }
    }
    expect(await run(cases)).toEqual([]);
  });

  it('leaves every sense table exactly as it was (row counts and contents)', async () => {
    expect(await fingerprint(context.database)).toEqual(before);
  });
});
