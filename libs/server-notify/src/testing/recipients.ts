import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';

export interface TestRecipients {
  criticidadid: number;
  /** Level 0 (told first), its boss, and the boss's boss. */
  perfilids: [number, number, number];
  users: Record<'operadora' | 'operator' | 'jefe' | 'gerente', { usuarioid: number; correo: string }>;
  /** The operadora's phone as the webhook sees it. */
  phone: string;
}

/**
 * A criticality with the given timing and a chain of three fresh profiles (operators → boss →
 * boss's boss) linked to `umbralids` only: the operadora (es, e-mail and SMS) and the operator
 * (en, e-mail) hold level 0, the jefe (es) level 1, the gerente (en) level 2.
 */
export async function createTestRecipients(
  database: Database,
  umbralids: readonly number[],
  timing: { frecuencia: number | null; escalamiento: number | null; escalon: number | null },
  tag: string,
): Promise<TestRecipients> {
  const one = async <Row>(statement: ReturnType<typeof sql>) => (await database.query<Row>(statement))[0]!;
  const { criticidadid } = await one<{ criticidadid: number }>(sql`
    insert into sense.criticidad (criticidad, criticidadabrev, grado, frecuencia, escalamiento, escalon)
    values (${`Prueba ${tag}`}, ${`P${tag}`.slice(0, 10)}, 1, ${timing.frecuencia}, ${timing.escalamiento}, ${timing.escalon})
    returning criticidadid`);
  const { perfilid: top } = await one<{ perfilid: number }>(sql`
    insert into sense.perfil (perfil, nivel) values (${`Gerencia ${tag}`}, 0) returning perfilid`);
  const { perfilid: middle } = await one<{ perfilid: number }>(sql`
    insert into sense.perfil (perfil, nivel, jefeid) values (${`Jefatura ${tag}`}, 1, ${top}) returning perfilid`);
  const { perfilid: base } = await one<{ perfilid: number }>(sql`
    insert into sense.perfil (perfil, nivel, jefeid) values (${`Operación ${tag}`}, 2, ${middle}) returning perfilid`);
  const { medioid: correo } = await one<{ medioid: number }>(sql`select medioid from sense.medio where nombre = 'correo'`);
  const { medioid: sms } = await one<{ medioid: number }>(sql`select medioid from sense.medio where nombre = 'sms'`);
  const { codigotelefonoid } = await one<{ codigotelefonoid: number }>(sql`
    insert into sense.codigotelefono (codigotelefono, paistelefono) values ('+51', ${`Perú ${tag}`}) returning codigotelefonoid`);

  const user = async (name: string, idioma: string, perfilid: number) => {
    const email = `${name}.${tag}@example.test`;
    const { usuarioid } = await one<{ usuarioid: number }>(sql`
      insert into sense.usuario (login, firstname, password_hash, idioma) values (${email}, ${name}, 'x', ${idioma}) returning usuarioid`);
    await database.query(sql`insert into sense.usuarioperfil (usuarioid, perfilid) values (${usuarioid}, ${perfilid})`);
    await database.query(sql`insert into sense.contacto (usuarioid, medioid, correo) values (${usuarioid}, ${correo}, ${email})`);
    return { usuarioid, correo: email };
  };
  const users = {
    operadora: await user('operadora', 'es', base),
    operator: await user('operator', 'en', base),
    jefe: await user('jefe', 'es', middle),
    gerente: await user('gerente', 'en', top),
  };
  await database.query(sql`
    insert into sense.contacto (usuarioid, medioid, codigotelefonoid, celular) values (${users.operadora.usuarioid}, ${sms}, ${codigotelefonoid}, '987654321')`);
  // Told only where they are granted (issue 32): each user reads the companies of the thresholds.
  await database.query(sql`
    insert into sense.usuarioempresa (usuarioid, empresaid, nivel)
    select distinct us.usuarioid, f.empresaid, 'lectura'
      from unnest(${`{${Object.values(users).map((entry) => entry.usuarioid).join(',')}}`}::int[]) as us(usuarioid)
      cross join sense.umbral u
      join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
      join sense.fundo f on f.fundoid = ub.fundoid
     where u.umbralid = any(${`{${umbralids.join(',')}}`}::int[])
    on conflict do nothing`);
  for (const umbralid of umbralids) {
    await database.query(sql`update sense.perfilumbral set statusid = 0 where umbralid = ${umbralid}`);
    await database.query(sql`insert into sense.perfilumbral (perfilid, umbralid) values (${base}, ${umbralid})`);
    await database.query(sql`update sense.umbral set criticidadid = ${criticidadid} where umbralid = ${umbralid}`);
  }
  return { criticidadid, perfilids: [base, middle, top], users, phone: '+51987654321' };
}
