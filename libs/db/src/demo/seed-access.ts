import { sql } from 'drizzle-orm';
import { textArray } from '../pg-arrays';
import { DEMO_COMPANY_GRANTS } from './demo-users';

/**
 * The demo's grants (issue 32), idempotent. First the demo users granted only some companies
 * (DEMO_COMPANY_GRANTS: operador.chile, one Chilean company); then every non-admin user without any
 * grant gets every company, as migrations 0021 and 0022 gave the users they found, so the demo's
 * operador and the farm's people keep seeing the whole farm. Level operacion throughout: every
 * signed-in user could acknowledge alerts before grants were enforced, and still can.
 */
export function grantDemoCompaniesStatements() {
  const chosen = Object.entries(DEMO_COMPANY_GRANTS).flatMap(([login, empresas]) => empresas.map((empresaabrev) => ({ login, empresaabrev })));
  return [
    sql`
    insert into sense.usuarioempresa (usuarioid, empresaid, nivel)
    select u.usuarioid, e.empresaid, 'operacion'
      from unnest(${textArray(chosen.map((grant) => grant.login))}::text[], ${textArray(chosen.map((grant) => grant.empresaabrev))}::text[]) as g(login, empresaabrev)
      join sense.usuario u on u.login = g.login
      join sense.empresa e on e.empresaabrev = g.empresaabrev
    on conflict do nothing`,
    sql`
    insert into sense.usuarioempresa (usuarioid, empresaid, nivel)
    select u.usuarioid, e.empresaid, 'operacion' from sense.usuario u cross join sense.empresa e
     where u.rol <> 'admin' and not exists (select 1 from sense.usuarioempresa g where g.usuarioid = u.usuarioid)
       and u.login <> all(${textArray(Object.keys(DEMO_COMPANY_GRANTS))}::text[])
    on conflict do nothing`,
  ];
}
