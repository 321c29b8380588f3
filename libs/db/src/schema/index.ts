/** The drizzle schema of `sense` (data-model.md): add each new table here and to `schema` below. */
import { auditLogUmbral, alerta, criticidad, episodio, perfil, perfilumbral, umbral } from './threshold';
import { claveingesta, medicionadelantada, medicionhora, ultimamedicion } from './ingest';
import { codigotelefono, contacto, correo, entrega, medio, mensaje, usuarioperfil } from './contact';
import { medicion, metrica, metricasensor, nodo, sensor, tipo } from './device';
import { localizacion } from './localizacion';
import { estadodispositivo, recepcion } from './radio';
import { empresa, entidad, fundo, pais, ubicacion } from './location';
import { intentoacceso, sesion, tokenusado } from './sesion';
import { trabajo } from './trabajo';
import { status } from './status';
import { usuario } from './usuario';
import { usuarioempresa } from './acceso';

// drizzle-kit reads this file's exports to diff the schema (drizzle.config.ts): every table stays exported.
export { sense } from './sense-schema';
export { STATUS_ACTIVE } from './audit-columns';
export { status } from './status';
export { pais, empresa, fundo, ubicacion, entidad } from './location';
export { localizacion } from './localizacion';
export { recepcion, estadodispositivo } from './radio';
export { nodo, tipo, sensor, metrica, metricasensor, medicion } from './device';
export { criticidad, umbral, perfil, perfilumbral, alerta, episodio, auditLogUmbral } from './threshold';
export { ultimamedicion, claveingesta, medicionadelantada, medicionhora } from './ingest';
export { usuario } from './usuario';
export type { UsuarioRow } from './usuario';
export { usuarioempresa } from './acceso';
export { intentoacceso, sesion, tokenusado } from './sesion';
export { trabajo } from './trabajo';
export { usuarioperfil, medio, codigotelefono, contacto, correo, entrega, mensaje } from './contact';

/** Every table, for `drizzle(client, { schema })` and relational queries. */
export const schema = {
  status,
  pais,
  empresa,
  fundo,
  ubicacion,
  entidad,
  localizacion,
  nodo,
  tipo,
  sensor,
  metrica,
  metricasensor,
  medicion,
  criticidad,
  umbral,
  perfil,
  perfilumbral,
  alerta,
  episodio,
  auditLogUmbral,
  ultimamedicion,
  claveingesta,
  medicionadelantada,
  medicionhora,
  recepcion,
  estadodispositivo,
  usuario,
  usuarioempresa,
  usuarioperfil,
  medio,
  codigotelefono,
  contacto,
  correo,
  mensaje,
  entrega,
  sesion,
  intentoacceso,
  tokenusado,
  trabajo,
};
export type Schema = typeof schema;
