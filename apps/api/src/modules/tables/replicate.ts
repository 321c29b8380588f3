import { appDb } from '@camposense/db';
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error';
import { numberArray } from '@camposense/db';
import { MANAGE_LEVEL, metricaSensorReplicateRoute, REPLICATE_LIMITS, sensorReplicateRoute, usuarioPerfilAssignRoute } from '@camposense/domain';
import type { MetricaSensorTriple, ReplicateResult, SensorPair, UsuarioPerfilPair } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { security } from '../../schemas';
import { assertIdsWritable, writeAccessAt } from '../../security/write-access';

/** Replicating probes onto nodes is writing those nodes' companies' reference data (issue 32). */
const onManagedNodes = { grantedWrite: () => MANAGE_LEVEL };

const { nodes: MAX_REPLICATE_NODES, items: MAX_REPLICATE_ITEMS } = REPLICATE_LIMITS;

/**
 * Inserts every row of `wanted` (a select of the key columns) that `table` does not hold yet, with
 * the actor in the audit columns, in one transaction: all of them or, on any failure (an unknown
 * node, a probe the node lacks), none. Answers what was written and what was already there.
 */
async function insertMissing<Row>(database: Database, table: 'sensor' | 'metricasensor' | 'usuarioperfil', keys: readonly (keyof Row & string)[], wanted: SQL, actorId: number) {
  const columns = sql.join(
    keys.map((key) => sql.identifier(key)),
    sql`, `,
  );
  const order = sql.join(
    keys.map((key) => sql`w.${sql.identifier(key)}`),
    sql`, `,
  );
  return appDb(database).transaction(async (tx) => {
    const run = async <T>(statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
    await run(sql`select set_config('camposense.usuarioid', ${String(actorId)}, true)`);
    const [answer] = await run<{ created: Row[] | null; skipped: Row[] | null }>(sql`
      with wanted as (${wanted}),
      inserted as (
        insert into ${sql.identifier('sense')}.${sql.identifier(table)} (${columns}, usercreatedid, usermodifiedid)
        select ${columns}, ${actorId}, ${actorId} from wanted
        on conflict do nothing
        returning ${columns})
      select (select json_agg(to_jsonb(w) order by ${order}) from inserted w) as created,
             (select json_agg(to_jsonb(w) order by ${order}) from wanted w
               where not exists (select 1 from inserted i where ${sql.join(
                 keys.map((key) => sql`i.${sql.identifier(key)} = w.${sql.identifier(key)}`),
                 sql` and `,
               )})) as skipped`);
    return { created: answer?.created ?? [], skipped: answer?.skipped ?? [] } satisfies ReplicateResult<Row>;
  });
}

const actorId = (request: FastifyRequest) => {
  if (!request.user) throw new ApiError(401, 'UNAUTHORIZED');
  return request.user.id;
};

/**
 * The specialised forms' writes of many link rows at once (issue 13): a probe set replicated onto
 * many nodes, one probe type's metrics mapped on many nodes, and profiles given to many users. Existing rows are reported and
 * skipped; anything else that fails (an unknown id, a node without that probe) writes nothing.
 * Probes and metrics: an admin, or a user at level gestion on every node's company (404 for a node
 * outside the grant); profiles: admins only (people belong to no company).
 */
export function registerReplicateRoutes(fastify: FastifyInstance, database: Database): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/sensor/replicate',
    {
      config: onManagedNodes,
      schema: {
        tags: ['sense'],
        summary: 'Registra un juego de sondas (tipos) en muchos nodos, en una transacción',
        description:
          'Crea un sensor por cada par (nodo, tipo) de `nodoids` × `tipoids` que no exista. Los pares que ya existen se devuelven en ' +
          '`skipped` y no son errores; un nodo o tipo desconocido responde 409 `FOREIGN_KEY` y no se escribe nada. ' +
          `Hasta ${MAX_REPLICATE_NODES} nodos y ${MAX_REPLICATE_ITEMS} tipos.`,
        security,
        ...sensorReplicateRoute,
      },
    },
    async (request) => {
      const { nodoids, tipoids } = request.body;
      await assertIdsWritable(database, 'nodo', nodoids, await writeAccessAt(request, MANAGE_LEVEL));
      const wanted = sql`select n.nodoid, t.tipoid
        from unnest(${numberArray(nodoids)}::int[]) n(nodoid) cross join unnest(${numberArray(tipoids)}::int[]) t(tipoid)`;
      return insertMissing<SensorPair>(database, 'sensor', ['nodoid', 'tipoid'], wanted, actorId(request));
    },
  );

  app.post(
    '/metricasensor/replicate',
    {
      config: onManagedNodes,
      schema: {
        tags: ['sense'],
        summary: 'Asigna las métricas de un tipo de sonda en muchos nodos, en una transacción',
        description:
          'Crea un metricasensor por cada (nodo, `tipoid`, métrica) de `nodoids` × `metricaids` que no exista. Cada nodo debe tener ya ' +
          'esa sonda (sensor): si a alguno le falta, responde 409 `FOREIGN_KEY` y no se escribe nada. Los que ya existen van en `skipped`. ' +
          `Hasta ${MAX_REPLICATE_NODES} nodos y ${MAX_REPLICATE_ITEMS} métricas.`,
        security,
        ...metricaSensorReplicateRoute,
      },
    },
    async (request) => {
      const { nodoids, tipoid, metricaids } = request.body;
      await assertIdsWritable(database, 'nodo', nodoids, await writeAccessAt(request, MANAGE_LEVEL));
      const wanted = sql`select n.nodoid, ${tipoid}::int as tipoid, m.metricaid
        from unnest(${numberArray(nodoids)}::int[]) n(nodoid) cross join unnest(${numberArray(metricaids)}::int[]) m(metricaid)`;
      return insertMissing<MetricaSensorTriple>(database, 'metricasensor', ['nodoid', 'tipoid', 'metricaid'], wanted, actorId(request));
    },
  );

  app.post(
    '/usuarioperfil/assign',
    {
      schema: {
        tags: ['sense'],
        summary: 'Asigna perfiles a usuarios: cada usuario elegido con cada perfil elegido, en una transacción',
        description:
          'Crea un usuarioperfil por cada par (usuario, perfil) de `usuarioids` × `perfilids` que no exista; los que ya existen van en ' +
          '`skipped`. Un usuario o perfil desconocido responde 409 `FOREIGN_KEY` y no se escribe nada. ' +
          `Hasta ${MAX_REPLICATE_NODES} usuarios y ${MAX_REPLICATE_ITEMS} perfiles.`,
        security,
        ...usuarioPerfilAssignRoute,
      },
    },
    async (request) => {
      const { usuarioids, perfilids } = request.body;
      const wanted = sql`select u.usuarioid, p.perfilid
        from unnest(${numberArray(usuarioids)}::int[]) u(usuarioid) cross join unnest(${numberArray(perfilids)}::int[]) p(perfilid)`;
      return insertMissing<UsuarioPerfilPair>(database, 'usuarioperfil', ['usuarioid', 'perfilid'], wanted, actorId(request));
    },
  );
}
