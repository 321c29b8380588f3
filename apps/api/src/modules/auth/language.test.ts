import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { MessageLanguageBody } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, loginAs, openTestApp } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';

describe.each(testDrivers())('GET and PUT /api/account/idioma on $kind', (driver) => {
  let context: TestContext;
  let operador: { bearer: string; id: number };
  let admin: { bearer: string; id: number };

  const signIn = async (rol: 'admin' | 'user') => {
    const user = DEMO_USERS.find((candidate) => candidate.rol === rol)!;
    const login = await loginAs(context.app, user.login, DEMO_PASSWORD);
    return { bearer: `Bearer ${login.session.access_token}`, id: login.user.id };
  };
  const stored = async (usuarioid: number) => {
    const { rows } = await context.database.db.execute(sql`select idioma, usermodifiedid from sense.usuario where usuarioid = ${usuarioid}`);
    return rows[0] as { idioma: string; usermodifiedid: number | null };
  };
  const put = (payload: unknown, authorization = operador.bearer) =>
    context.app.inject({ method: 'PUT', url: '/api/account/idioma', headers: { authorization }, payload: payload as Record<string, unknown> });
  const get = (authorization = operador.bearer) => context.app.inject({ method: 'GET', url: '/api/account/idioma', headers: { authorization } });

  beforeAll(async () => {
    context = await openTestApp(driver);
    operador = await signIn('user');
    admin = await signIn('admin');
  });
  afterAll(async () => {
    // The suites on PostgreSQL share one database: give the demo users their default back.
    await context?.database.db.execute(sql`update sense.usuario set idioma = 'es' where usuarioid in (${operador.id}, ${admin.id})`);
    await closeTestApp(context);
  });

  it('lets any signed-in role read and change their own notification language, and only their own', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.json<MessageLanguageBody>()).toEqual({ idioma: (await stored(operador.id)).idioma });
    const adminBefore = await stored(admin.id);

    const changed = await put({ idioma: 'en' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<MessageLanguageBody>()).toEqual({ idioma: 'en' });
    expect(await stored(operador.id)).toEqual({ idioma: 'en', usermodifiedid: operador.id });
    expect((await get()).json<MessageLanguageBody>()).toEqual({ idioma: 'en' });
    // Another user's language is untouched.
    expect(await stored(admin.id)).toEqual(adminBefore);

    expect((await put({ idioma: 'es' })).json<MessageLanguageBody>()).toEqual({ idioma: 'es' });
    expect((await stored(operador.id)).idioma).toBe('es');
  });

  it('answers 400 for anything but es or en or for another field, 401 without a session, and changes nothing', async () => {
    await put({ idioma: 'en' });
    for (const payload of [{}, { idioma: 'fr' }, { idioma: 'EN' }, { idioma: '' }, { idioma: 1 }, { idioma: 'es', usuarioid: admin.id }, { idioma: "es'--" }]) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION');
    }
    expect((await put({ idioma: 'es' }, '')).statusCode).toBe(401);
    expect((await put({ idioma: 'es' }, 'Bearer nope')).statusCode).toBe(401);
    expect((await get('')).statusCode).toBe(401);
    expect((await stored(operador.id)).idioma).toBe('en');
    expect((await stored(admin.id)).idioma).toBe('es');
  });
});
