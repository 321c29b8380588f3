import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { TABLE_REGISTRY } from '@camposense/domain';
import type { TableRow, UmbralAuditEntry } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessClaims } from '../modules/auth/tokens';
import { closeSenseContext, openSenseContext } from '../testing/sense-context';
import type { SenseContext } from '../testing/sense-context';
import { loginAs } from '../testing/test-app';
import { REDACTED_EMAIL, redactForCaller } from './redaction';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: { enum?: string[]; pattern?: string };
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

/** GET routes not called, and why. */
const NOT_WALKED: Readonly<Record<string, string>> = {
  // A server-sent event stream: it never ends on its own (live.test.ts covers what it sends a reader).
  '/api/sense/stream': 'endless event stream',
  // The documentation itself (hidden from the document, listed here in case it shows up).
  '/api/openapi.json': 'the API description',
};

const reader: AccessClaims = { id: 7, email: 'oscar@camposense.dev', rol: 'user', sessionId: null };

describe('redactForCaller', () => {
  const answer = {
    rows: [
      { usuarioid: 7, login: 'oscar@camposense.dev', celular: '987000111' },
      { usuarioid: 8, login: 'ana@camposense.dev', firstname: 'Ana', contacto: { usuarioid: 8, celular: '987000222', correo: 'ana@x.pe' } },
    ],
    reconocidopor: { usuarioid: 8, login: 'ana@camposense.dev' },
    nota: 'Avisé a ana@camposense.dev y a oscar@camposense.dev',
    valor: 16.5,
    fecha: new Date('2026-11-01T00:00:00Z'),
  };

  it("nulls other people's e-mail and phone fields and masks their addresses in text, keeping the reader's own", () => {
    const seen = redactForCaller(answer, reader);
    expect(seen.rows[0]).toEqual({ usuarioid: 7, login: 'oscar@camposense.dev', celular: '987000111' });
    expect(seen.rows[1]).toEqual({ usuarioid: 8, login: null, firstname: 'Ana', contacto: { usuarioid: 8, celular: null, correo: null } });
    expect(seen.reconocidopor).toEqual({ usuarioid: 8, login: null });
    expect(seen.nota).toBe(`Avisé a ${REDACTED_EMAIL} y a oscar@camposense.dev`);
    expect(seen.valor).toBe(16.5);
    expect(seen.fecha).toBe(answer.fecha);
  });

  it('changes nothing it was given (cached answers are shared) and hands admins and anonymous callers everything', () => {
    const before = JSON.stringify(answer);
    redactForCaller(answer, reader);
    expect(JSON.stringify(answer)).toBe(before);
    expect(redactForCaller(answer, { ...reader, rol: 'admin' })).toBe(answer);
    expect(redactForCaller(answer, null)).toBe(answer);
    const nothingToHide = { rows: [{ nodoid: 1, nodo: 'N-1' }] };
    expect(redactForCaller(nothingToHide, reader)).toBe(nothingToHide);
  });
});

describe.each(testDrivers())('every GET route of the OpenAPI document, as a reader, on $kind', (driver) => {
  const operador = DEMO_USERS.find((user) => user.rol === 'user')!;
  let context: SenseContext;
  let readerBearer: string;
  let readerId: number;
  let document: OpenApi;
  /** Every e-mail address and phone number of a user other than the reader. */
  let othersSecrets: string[];
  let umbralid: number;
  let nodoid: number;

  const firstRows = async (table: string, limit = 3): Promise<TableRow[]> => {
    const response = await context.get(`/api/sense/${table}?limit=${limit}`);
    expect(response.statusCode, table).toBe(200);
    return response.json<TableRow[]>();
  };

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const signedIn = await loginAs(context.app, operador.login, DEMO_PASSWORD);
    readerBearer = `Bearer ${signedIn.session.access_token}`;
    readerId = signedIn.user.id;

    // Traces of other people where a reader looks: an admin's threshold change (history, recent
    // changes) and an admin's acknowledgement whose note names a colleague's address.
    const [threshold] = await firstRows('umbral', 1);
    umbralid = Number(threshold!['umbralid']);
    expect((await context.send('PUT', `/api/sense/umbral/${umbralid}`, { umbral: 'Banda revisada' })).statusCode).toBe(200);
    const [colleague] = await context.query<{ login: string }>(sql`
      select login from sense.usuario where rol = 'user' and usuarioid <> ${readerId} order by usuarioid limit 1`);
    const [alert] = await context.query<{ alertaid: number }>(sql`select alertaid from sense.alerta where statusid = 1 order by alertaid limit 1`);
    const acknowledged = await context.send('POST', `/api/alerts/${alert!.alertaid}/acknowledge`, { nota: `Avisado ${colleague!.login}` });
    expect(acknowledged.statusCode).toBe(200);
    // And an address in a place's free text, which reaches readers in JSON the database writes (the
    // node list) rather than through the serialiser's hook.
    await context.query(sql`update sense.localizacion set referencia = ${`Llamar a ${colleague!.login}`}
      where nodoid = (select min(nodoid) from sense.localizacion)`);
    const [placed] = await context.query<{ nodoid: number }>(sql`select min(nodoid) as nodoid from sense.localizacion`);
    nodoid = placed!.nodoid;

    const secrets = await context.query<{ value: string }>(sql`
      select login as value from sense.usuario where usuarioid <> ${readerId}
      union select correo from sense.correo where usuarioid <> ${readerId}
      union select correo from sense.contacto where usuarioid <> ${readerId} and correo is not null
      union select celular from sense.contacto where usuarioid <> ${readerId} and celular is not null`);
    othersSecrets = secrets.map((row) => row.value.toLowerCase());
    // The seeded farm has staff with contacts: the search below looks for something.
    expect(othersSecrets.filter((value) => value.includes('@')).length).toBeGreaterThan(3);
    expect(othersSecrets.filter((value) => /^\d+$/.test(value)).length).toBeGreaterThan(3);

    document = (await context.get('/api/openapi.json')).json<OpenApi>();
  }, 120_000);
  afterAll(() => closeSenseContext(context));

  /** The URLs to call for one documented GET path: every table for `{table}`, existing ids for `{id}`. */
  async function urlsOf(path: string, parameters: readonly Parameter[]): Promise<string[]> {
    const query = new URLSearchParams();
    for (const parameter of parameters.filter((candidate) => candidate.in === 'query' && candidate.required)) {
      if (parameter.name === 'report') query.set('report', 'alertas');
      else if (parameter.name.endsWith('Id')) {
        const table = parameter.name.slice(0, -2).toLowerCase();
        const [row] = await firstRows(table, 1);
        query.set(parameter.name, String(row![`${table}id`]));
      } else throw new Error(`no value for the required query parameter ${parameter.name} of ${path}`);
    }
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    // A node's health (`{nodoid}`): the node whose place's free text holds an address.
    if (!path.includes('{table}')) return [path.replace('{id}', String(umbralid)).replace('{nodoid}', String(nodoid)) + suffix];
    const urls: string[] = [];
    for (const definition of TABLE_REGISTRY) {
      const base = path.replace('{table}', definition.name);
      if (path.endsWith('{id}') || path.endsWith('/composite')) {
        // A few rows of each table by their key, embedded users included.
        for (const row of await firstRows(definition.name)) {
          if (path.endsWith('{id}') && definition.key.length === 1) urls.push(base.replace('{id}', String(row[definition.key[0]!])));
          if (path.endsWith('/composite') && definition.key.length > 1) {
            urls.push(`${base}?${new URLSearchParams(definition.key.map((column): [string, string] => [column, String(row[column])])).toString()}`);
          }
        }
      } else urls.push(base + suffix);
    }
    return urls;
  }

  it("finds no other user's e-mail address or phone number in any answer, and the reader's own e-mail where it belongs", async () => {
    const walked: string[] = [];
    const leaks: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const get = operations['get'];
      if (!get || path in NOT_WALKED) continue;
      for (const url of await urlsOf(path, get.parameters ?? [])) {
        const response = await context.get(url, { authorization: readerBearer });
        expect(response.statusCode, `GET ${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
        walked.push(url);
        const body = response.body.toLowerCase();
        for (const secret of othersSecrets) if (body.includes(secret)) leaks.push(`GET ${url} shows ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk reached the places issue 28 found e-mails in, and every table.
    expect(walked).toEqual(
      expect.arrayContaining([
        `/api/sense/umbral/${umbralid}/historial`,
        `/api/sense/nodos/${nodoid}/salud`,
        '/api/sense/mapa',
        '/api/sense/umbrales/cambios',
        '/api/sense/reports/alertas',
        '/api/sense/reports/mensajes',
        '/api/sense/usuario',
        '/api/sense/contacto',
        '/api/sense/correo',
        '/api/sense/nodos-con-localizacion',
      ]),
    );
    expect(walked.length).toBeGreaterThan(TABLE_REGISTRY.length * 4);

    // Readers keep their own account: their e-mail in /me and in their own rows.
    expect((await context.get('/api/auth/me', { authorization: readerBearer })).body).toContain(operador.login);
    const ownRow = await context.get(`/api/sense/usuario/${readerId}`, { authorization: readerBearer });
    expect(ownRow.json<TableRow>()['login']).toBe(operador.login);
    // A hidden login is null, as the answer's schema says (not an empty string made up by it).
    const history = (await context.get(`/api/sense/umbral/${umbralid}/historial`, { authorization: readerBearer })).json<UmbralAuditEntry[]>();
    const byOthers = history.filter((entry) => entry.usuario && entry.usuario.usuarioid !== readerId);
    expect(byOthers.length).toBeGreaterThan(0);
    for (const entry of byOthers) expect(entry.usuario!.login).toBeNull();
  }, 300_000);

  it("hands an admin everyone's addresses, as before", async () => {
    const history = await context.get(`/api/sense/umbral/${umbralid}/historial`);
    expect(history.body).toContain(DEMO_USERS.find((user) => user.rol === 'admin')!.login);
  });
});
