import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';
const GENERATED_BYTES = 32;

export interface JwtSecretSource {
  /** JWT_SECRET, if set: used as is (its UTF-8 bytes). */
  secret?: string | undefined;
  /** DATA_DIR: where a generated secret is kept between restarts. */
  dataDir: string;
}

export interface JwtSecret {
  key: Uint8Array;
  origin: 'env' | 'file' | 'generated';
}

/**
 * The HS256 key: JWT_SECRET when given, else 32 random bytes generated once and kept in
 * `DATA_DIR/jwt-secret`, readable only by its owner (0600), so sessions survive restarts.
 */
export function loadJwtSecret({ secret, dataDir }: JwtSecretSource): JwtSecret {
  if (secret) return { key: new TextEncoder().encode(secret), origin: 'env' };
  const file = join(resolve(process.cwd(), dataDir), JWT_SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length > 0) return { key: Buffer.from(stored, 'base64url'), origin: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(GENERATED_BYTES);
  mkdirSync(dirname(file), { recursive: true });
  // `wx` fails if another process wrote it meanwhile; mode applies on creation, chmod covers the umask.
  writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { key, origin: 'generated' };
}
