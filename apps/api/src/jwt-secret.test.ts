import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, loadJwtSecret } from './jwt-secret';

describe('loadJwtSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'camposense-jwt-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when set and writes no file', () => {
    const secret = loadJwtSecret({ secret: 'from-the-environment', dataDir: dir });
    expect(secret.origin).toBe('env');
    expect(new TextDecoder().decode(secret.key)).toBe('from-the-environment');
    expect(() => statSync(join(dir, JWT_SECRET_FILE))).toThrow();
  });

  it('generates 32 random bytes once, in a file only its owner can read, and reuses them', () => {
    const dataDir = join(dir, 'nested', 'data');
    const first = loadJwtSecret({ dataDir });
    expect(first.origin).toBe('generated');
    expect(first.key).toHaveLength(32);
    const file = join(dataDir, JWT_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(Buffer.from(first.key).toString('base64url'));

    const second = loadJwtSecret({ dataDir });
    expect(second.origin).toBe('file');
    expect(Buffer.from(second.key).equals(Buffer.from(first.key))).toBe(true);
  });
});
