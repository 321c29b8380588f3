/** Issue 32: the companies a user is granted, and their replacement as a whole. */
import { appDb, numberArray, textArray } from '@camposense/db';
import type { Database } from '@camposense/db';
import type { AccessGrant, UserAccessBody, UserAccessResponse } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

export interface AccessQueries {
  /** The user's grants, or undefined when no such user exists. */
  ofUser(usuarioid: number): Promise<UserAccessResponse | undefined>;
  /**
   * Makes `grants` the user's whole set in one transaction (kept rows keep their creation audit,
   * changed levels are stamped by `actorId`). Undefined when no such user exists; the company ids
   * that do not exist, when some don't (nothing is written then). `within`, for a company's manager:
   * the only companies the replacement touches; the user's grants of other companies stay as they are.
   */
  replace(
    usuarioid: number,
    grants: UserAccessBody['accesos'],
    actorId: number,
    within?: readonly number[],
  ): Promise<UserAccessResponse | { unknownEmpresas: number[] } | undefined>;
}

const grantsStatement = (usuarioid: number) => sql`
  select ue.empresaid, e.empresa, p.paisid, p.pais, ue.nivel
    from sense.usuarioempresa ue
    join sense.empresa e on e.empresaid = ue.empresaid
    join sense.pais p on p.paisid = e.paisid
   where ue.usuarioid = ${usuarioid} and ue.statusid = 1
   order by ue.empresaid`;

export function createAccessQueries(database: Database): AccessQueries {
  return {
    async ofUser(usuarioid) {
      // One round trip: the user's row, and its grants beside it (none: one row of nulls).
      const rows = await database.query<{ rol: string } & { [K in keyof AccessGrant]: AccessGrant[K] | null }>(sql`
        select us.rol, g.empresaid, g.empresa, g.paisid, g.pais, g.nivel
          from sense.usuario us
          left join (${grantsStatement(usuarioid)}) g on true
         where us.usuarioid = ${usuarioid}
         order by g.empresaid`);
      const [first] = rows;
      if (!first) return undefined;
      const accesos = rows.flatMap(({ rol: _rol, ...grant }) => (grant.empresaid === null ? [] : [grant as AccessGrant]));
      return { usuarioid, todas: first.rol === 'admin', accesos };
    },

    async replace(usuarioid, grants, actorId, within) {
      return appDb(database).transaction(async (tx) => {
        const run = async <Row>(statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;
        // Lock the user so two admins replacing the same grants at once end with one whole set.
        const [user] = await run<{ rol: string }>(sql`select rol from sense.usuario where usuarioid = ${usuarioid} for update`);
        if (!user) return undefined;
        const empresaids = grants.map((grant) => grant.empresaid);
        // Locked too: a company deleted meanwhile would otherwise fail the insert's foreign key.
        const known = new Set(
          (await run<{ empresaid: number }>(sql`select empresaid from sense.empresa where empresaid = any(${numberArray(empresaids)}::int[]) for share`)).map((row) => row.empresaid),
        );
        const unknownEmpresas = empresaids.filter((empresaid) => !known.has(empresaid));
        if (unknownEmpresas.length > 0) return { unknownEmpresas };
        const touched = within ? sql` and empresaid = any(${numberArray(within)}::int[])` : sql``;
        await run(sql`delete from sense.usuarioempresa where usuarioid = ${usuarioid} and not (empresaid = any(${numberArray(empresaids)}::int[]))${touched}`);
        if (grants.length > 0) {
          await run(sql`
            insert into sense.usuarioempresa (usuarioid, empresaid, nivel, usercreatedid, usermodifiedid)
            select ${usuarioid}, g.empresaid, g.nivel, ${actorId}, ${actorId}
              from unnest(${numberArray(empresaids)}::int[], ${textArray(grants.map((grant) => grant.nivel))}::text[]) as g(empresaid, nivel)
            on conflict (usuarioid, empresaid) do update
               set nivel = excluded.nivel, statusid = 1, usermodifiedid = excluded.usermodifiedid, datemodified = now()
             where usuarioempresa.nivel is distinct from excluded.nivel or usuarioempresa.statusid <> 1`);
        }
        return { usuarioid, todas: user.rol === 'admin', accesos: await run<AccessGrant>(grantsStatement(usuarioid)) };
      });
    },
  };
}
