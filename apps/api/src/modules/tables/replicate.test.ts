import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import type { MetricaSensorTriple, ReplicateResult, SensorPair, UsuarioPerfilPair } from '@camposense/domain';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { loginAs } from '../../testing/test-app';


describe.each(testDrivers())('replicating probes and metrics onto many nodes on $kind', (driver) => {
  let context: SenseContext;
  let nodes: number[];
  let spareTypes: number[];
  beforeAll(async () => {
    context = await openSenseContext(driver);
    // Three nodes, and two probe types none of them has yet.
    nodes = (await context.query<{ nodoid: number }>(sql`select nodoid from sense.nodo order by nodoid limit 3`)).map((row) => row.nodoid);
    const typeRows = await context.query<{ tipoid: number }>(sql`
      select tipoid from sense.tipo t
       where not exists (select 1 from sense.sensor s where s.tipoid = t.tipoid and s.nodoid = any(${`{${nodes.join(',')}}`}::int[]))
       order by tipoid limit 2`);
    spareTypes = typeRows.map((row) => row.tipoid);
    if (spareTypes.length < 2) {
      for (const name of ['Sonda réplica A', 'Sonda réplica B']) {
        const [entity] = await context.query<{ entidadid: number }>(sql`select entidadid from sense.entidad order by entidadid limit 1`);
        const [created] = await context.query<{ tipoid: number }>(
          sql`insert into sense.tipo (tipo, entidadid) values (${name}, ${entity!.entidadid}) returning tipoid`,
        );
        spareTypes.push(created!.tipoid);
      }
      spareTypes = spareTypes.slice(-2);
    }
  });
  afterAll(() => closeSenseContext(context));

  const countSensors = async () =>
    (await context.query<{ count: number }>(sql`select count(*)::int as count from sense.sensor`))[0]!.count;

  it('creates the missing (node, probe) pairs in one call and reports the ones that existed', async () => {
    // One pair exists already: it is skipped, not an error.
    const existing = { nodoid: nodes[0]!, tipoid: spareTypes[0]! };
    expect((await context.send('POST', '/api/sense/sensor', existing)).statusCode).toBe(201);
    const response = await context.send('POST', '/api/sense/sensor/replicate', { nodoids: nodes, tipoids: spareTypes });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReplicateResult<SensorPair>>();
    expect(body.skipped).toEqual([existing]);
    expect(body.created).toHaveLength(nodes.length * spareTypes.length - 1);
    expect(body.created).not.toContainEqual(existing);
    const stored = await context.query<{ nodoid: number; tipoid: number; usercreatedid: number }>(sql`
      select nodoid, tipoid, usercreatedid from sense.sensor
       where nodoid = any(${`{${nodes.join(',')}}`}::int[]) and tipoid = any(${`{${spareTypes.join(',')}}`}::int[])`);
    expect(stored).toHaveLength(nodes.length * spareTypes.length);
    expect(stored.every((row) => row.usercreatedid === context.adminId)).toBe(true);

    // The same call again writes nothing and skips everything.
    const again = (await context.send('POST', '/api/sense/sensor/replicate', { nodoids: nodes, tipoids: spareTypes })).json<ReplicateResult<SensorPair>>();
    expect(again.created).toEqual([]);
    expect(again.skipped).toHaveLength(nodes.length * spareTypes.length);
  });

  it('writes nothing when one node is unknown', async () => {
    const before = await countSensors();
    const [otherType] = await context.query<{ tipoid: number }>(sql`select max(tipoid) as tipoid from sense.tipo`);
    const response = await context.send('POST', '/api/sense/sensor/replicate', { nodoids: [nodes[0]!, 999_999], tipoids: [otherType!.tipoid] });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('FOREIGN_KEY');
    expect(await countSensors()).toBe(before);
  });

  it('maps a probe type’s metrics on many nodes, and refuses the whole call when a node lacks the probe', async () => {
    const metricIds = (await context.query<{ metricaid: number }>(sql`select metricaid from sense.metrica order by metricaid limit 2`)).map(
      (row) => row.metricaid,
    );
    const tipoid = spareTypes[1]!;
    const mapped = await context.send('POST', '/api/sense/metricasensor/replicate', { nodoids: nodes, tipoid, metricaids: metricIds });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const body = mapped.json<ReplicateResult<MetricaSensorTriple>>();
    expect(body.created).toEqual(nodes.flatMap((nodoid) => metricIds.map((metricaid) => ({ nodoid, tipoid, metricaid }))));
    expect(body.skipped).toEqual([]);

    // A node without that probe: nothing is written, not even for the nodes that have it.
    const [bare] = await context.query<{ nodoid: number }>(sql`
      select nodoid from sense.nodo n where not exists (select 1 from sense.sensor s where s.nodoid = n.nodoid and s.tipoid = ${tipoid})
       order by nodoid limit 1`);
    const [third] = await context.query<{ metricaid: number }>(sql`select max(metricaid) as metricaid from sense.metrica`);
    const refused = await context.send('POST', '/api/sense/metricasensor/replicate', { nodoids: [nodes[0]!, bare!.nodoid], tipoid, metricaids: [third!.metricaid] });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('FOREIGN_KEY');
    expect(metricIds).not.toContain(third!.metricaid);
    const [written] = await context.query<{ count: number }>(
      sql`select count(*)::int as count from sense.metricasensor where nodoid = ${nodes[0]!} and tipoid = ${tipoid} and metricaid = ${third!.metricaid}`,
    );
    expect(written!.count).toBe(0);
  });

  it('refuses bad bodies and the user role', async () => {
    for (const body of [{ nodoids: [], tipoids: [1] }, { nodoids: [1, 1], tipoids: [1] }, { nodoids: [1], tipoids: ['x'] }, { nodoids: [1] }]) {
      const response = await context.send('POST', '/api/sense/sensor/replicate', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const operator = DEMO_USERS.find((user) => user.rol === 'user')!;
    const { session } = await loginAs(context.app, operator.login, DEMO_PASSWORD);
    const forbidden = await context.app.inject({
      method: 'POST',
      url: '/api/sense/sensor/replicate',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { nodoids: nodes, tipoids: spareTypes },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('assigns each chosen user each chosen profile, skipping pairs already assigned, all or nothing', async () => {
    // One more user, who holds no profile yet.
    await context.send('POST', '/api/sense/usuario', { login: 'sin.perfil@camposense.dev', password: 'una clave muy larga' });
    const users = (await context.query<{ usuarioid: number }>(sql`select usuarioid from sense.usuario order by usuarioid`)).map((row) => row.usuarioid);
    const [profile] = await context.query<{ perfilid: number }>(sql`select perfilid from sense.perfil order by perfilid limit 1`);
    const assigned = { usuarioid: users[0]!, perfilid: profile!.perfilid };
    await context.query(sql`insert into sense.usuarioperfil (usuarioid, perfilid) values (${assigned.usuarioid}, ${assigned.perfilid}) on conflict do nothing`);
    const response = await context.send('POST', '/api/sense/usuarioperfil/assign', { usuarioids: users, perfilids: [profile!.perfilid] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReplicateResult<UsuarioPerfilPair>>();
    expect(body.skipped).toContainEqual(assigned);
    expect(body.created).toContainEqual({ usuarioid: users.at(-1), perfilid: profile!.perfilid });
    // Every user is in exactly one of the two lists, and now holds the profile.
    expect([...body.created, ...body.skipped].map((pair) => pair.usuarioid).sort((a, b) => a - b)).toEqual(users);
    const [holders] = await context.query<{ count: number }>(
      sql`select count(*)::int as count from sense.usuarioperfil where perfilid = ${profile!.perfilid}`,
    );
    expect(holders!.count).toBe(users.length);

    const refused = await context.send('POST', '/api/sense/usuarioperfil/assign', { usuarioids: users, perfilids: [profile!.perfilid, 999_999] });
    expect(refused.statusCode).toBe(409);
    const [links] = await context.query<{ count: number }>(sql`select count(*)::int as count from sense.usuarioperfil where perfilid = 999999`);
    expect(links!.count).toBe(0);
  });
});
