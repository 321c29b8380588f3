import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@camposense/db';
import type { CreatedIngestKey, IngestKey } from '@camposense/domain';
import { sql } from 'drizzle-orm';

/** An ingest key as listed: never the key itself, which is shown once when created. */
export type IngestKeyInfo = IngestKey;

/** Keys start with this, so a leaked one is recognisable (and greppable by secret scanners). */
export const INGEST_KEY_PREFIX = 'csk_';

export function hashIngestKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A key's row as the database answers it: the listed key, with its dates as the driver reads them. */
type KeyRow = Omit<IngestKey, 'datecreated' | 'ultimouso'> & { datecreated: Date | string | null; ultimouso: Date | string | null };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const info = (row: KeyRow): IngestKeyInfo => ({ ...row, datecreated: iso(row.datecreated), ultimouso: iso(row.ultimouso) });

export interface IngestKeys {
  create(nombre: string, usuarioid: number): Promise<CreatedIngestKey>;
  list(): Promise<IngestKeyInfo[]>;
  /** False when there is no such key. Revoking twice is not an error. */
  revoke(claveingestaid: number, usuarioid: number): Promise<boolean>;
  /** The id of the active key, or null. */
  verify(key: string): Promise<number | null>;
  /** Records that a key sent a batch (at most one write a minute per key). */
  markUsed(claveingestaid: number): Promise<void>;
}

export function createIngestKeys(database: Database): IngestKeys {
  return {
    async create(nombre, usuarioid) {
      const clave = `${INGEST_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await database.query<KeyRow>(sql`
        insert into sense.claveingesta (nombre, prefijo, hash, usercreatedid, usermodifiedid)
        values (${nombre}, ${clave.slice(0, 12)}, ${hashIngestKey(clave)}, ${usuarioid}, ${usuarioid})
        returning claveingestaid, nombre, prefijo, statusid, datecreated, ultimouso`);
      if (!row) throw new Error('ingest key not created');
      return { ...info(row), clave };
    },
    async list() {
      const rows = await database.query<KeyRow>(sql`
        select claveingestaid, nombre, prefijo, statusid, datecreated, ultimouso
          from sense.claveingesta order by claveingestaid`);
      return rows.map(info);
    },
    async revoke(claveingestaid, usuarioid) {
      const rows = await database.query(sql`
        update sense.claveingesta set statusid = 0, usermodifiedid = ${usuarioid}, datemodified = now()
         where claveingestaid = ${claveingestaid} returning claveingestaid`);
      return rows.length > 0;
    },
    async verify(key) {
      if (!key.startsWith(INGEST_KEY_PREFIX) || key.length > 100) return null;
      const rows = await database.query<{ claveingestaid: number }>(sql`
        select claveingestaid from sense.claveingesta where hash = ${hashIngestKey(key)} and statusid = 1`);
      return rows[0]?.claveingestaid ?? null;
    },
    async markUsed(claveingestaid) {
      await database.query(sql`
        update sense.claveingesta set ultimouso = now()
         where claveingestaid = ${claveingestaid} and (ultimouso is null or ultimouso < now() - interval '1 minute')`);
    },
  };
}
