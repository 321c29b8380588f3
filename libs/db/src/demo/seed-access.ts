import { sql } from 'drizzle-orm';

/**
 * The demo's grants (issue 32): every non-admin user without any grant reads every company, as
 * migration 0021 gave the users it found, so the demo's operador and the farm's people keep seeing
 * the whole farm. Idempotent.
 */
export function grantEveryCompanyStatement() {
  return sql`
    insert into sense.usuarioempresa (usuarioid, empresaid, nivel)
    select u.usuarioid, e.empresaid, 'lectura' from sense.usuario u cross join sense.empresa e
     where u.rol <> 'admin' and not exists (select 1 from sense.usuarioempresa g where g.usuarioid = u.usuarioid)
    on conflict do nothing`;
}
