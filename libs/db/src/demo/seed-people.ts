/** The demo farm's staff: users, their profiles, e-mail addresses and contacts. */
import { inArray } from 'drizzle-orm';
import { contacto, correo, medio, usuario, usuarioperfil } from '../schema/index';
import { createRandom } from './random';
import { DEMO_COUNTRIES, DEMO_STAFF, DEMO_STAFF_PASSWORD_HASH, DEMO_USER_PROFILES } from './reference-data';
import { idMap, required } from './seed-support';
import type { AuditValues, FarmTransaction } from './seed-support';

/** Staff, the profiles of staff and demo users, their e-mail addresses and contacts. */
export async function insertPeople(
  tx: FarmTransaction,
  seed: number,
  perfilIds: Map<string, number>,
  phoneCodeIds: Map<string, number>,
  audit: AuditValues,
): Promise<void> {
  await tx
    .insert(usuario)
    .values(
      DEMO_STAFF.map((person) => ({
        login: person.login,
        firstname: person.firstname,
        lastname: person.lastname,
        usuarioabrev: person.usuarioabrev,
        rol: 'user' as const,
        password_hash: DEMO_STAFF_PASSWORD_HASH,
        ...audit,
      })),
    )
    .onConflictDoNothing({ target: usuario.login });

  // The demo users take part when they exist (always on a new embedded database).
  const people = [
    ...DEMO_STAFF.map((person) => ({ login: person.login, perfil: person.perfil, paisabrev: person.paisabrev })),
    ...Object.entries(DEMO_USER_PROFILES).map(([login, place]) => ({ login, ...place })),
  ];
  const userIds = idMap(
    await tx
      .select({ key: usuario.login, id: usuario.usuarioid })
      .from(usuario)
      .where(inArray(usuario.login, people.map((person) => person.login))),
  );
  const present = people.filter((person) => userIds.has(person.login));
  if (present.length === 0) return;

  await tx
    .insert(usuarioperfil)
    .values(
      present.map((person) => ({
        usuarioid: required(userIds, person.login, 'usuario'),
        perfilid: required(perfilIds, person.perfil, 'perfil'),
        ...audit,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(correo)
    .values(present.map((person) => ({ usuarioid: required(userIds, person.login, 'usuario'), correo: person.login, ...audit })))
    .onConflictDoNothing();

  const withContacts = new Set(
    (
      await tx
        .select({ usuarioid: contacto.usuarioid })
        .from(contacto)
        .where(inArray(contacto.usuarioid, [...userIds.values()]))
    ).map((row) => row.usuarioid),
  );
  const medioIds = idMap(await tx.select({ key: medio.nombre, id: medio.medioid }).from(medio));
  const byMail = required(medioIds, 'correo', 'medio');
  const bySms = required(medioIds, 'sms', 'medio');
  const contacts = present
    .filter((person) => !withContacts.has(required(userIds, person.login, 'usuario')))
    .flatMap((person) => {
      const usuarioid = required(userIds, person.login, 'usuario');
      const country = DEMO_COUNTRIES.find((candidate) => candidate.paisabrev === person.paisabrev);
      if (!country) throw new Error(`demo farm: no country ${person.paisabrev}`);
      const random = createRandom(seed, `phone:${person.login}`);
      // Mobile numbers start with 9 in Perú and Chile.
      const celular = `9${Array.from({ length: country.mobileDigits - 1 }, () => random.integer(0, 9)).join('')}`;
      return [
        { usuarioid, medioid: byMail, correo: person.login, ...audit },
        {
          usuarioid,
          medioid: bySms,
          codigotelefonoid: required(phoneCodeIds, country.codigotelefono, 'codigotelefono'),
          celular,
          ...audit,
        },
      ];
    });
  if (contacts.length > 0) await tx.insert(contacto).values(contacts);
}
