import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum in @node-rs/argon2's typings, which isolatedModules cannot inline:
// 2 is Algorithm.Argon2id.
const ARGON2ID = 2;

/** An argon2id PHC string for `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** Whether `password` matches `passwordHash`; a malformed hash is a mismatch, not an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
