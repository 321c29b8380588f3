import type { SessionUser } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './tokens';

const user: SessionUser = { id: 7, email: 'ana@campo.test', user_metadata: { firstname: 'Ana', lastname: null, rol: 'user' } };
const secret = new TextEncoder().encode('camposense-tokens-test-secret-0123456789');
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('verifyAccessToken with its cache of verified tokens', () => {
  it('answers the same claims for a token seen before, frozen', async () => {
    const token = await signAccessToken(user, secret, nowSeconds(), 'session-1');
    const first = await verifyAccessToken(token, secret);
    const again = await verifyAccessToken(token, secret);
    expect(first).toEqual({ id: 7, email: 'ana@campo.test', rol: 'user', sessionId: 'session-1' });
    expect(again).toBe(first);
    expect(Object.isFrozen(again)).toBe(true);
  });

  it('refuses a cached token once it has expired', async () => {
    // Issued so that it expires in one second.
    const token = await signAccessToken(user, secret, nowSeconds() - ACCESS_TOKEN_TTL_SECONDS + 1);
    await expect(verifyAccessToken(token, secret)).resolves.toMatchObject({ id: 7 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(verifyAccessToken(token, secret)).rejects.toThrow();
  });

  it('does not take a token verified under one secret for another', async () => {
    const token = await signAccessToken(user, secret, nowSeconds());
    await verifyAccessToken(token, secret);
    await expect(verifyAccessToken(token, new TextEncoder().encode('another-secret-of-enough-length-0123456'))).rejects.toThrow();
  });

  it('refuses a tampered token even when the original is cached', async () => {
    const token = await signAccessToken(user, secret, nowSeconds());
    await verifyAccessToken(token, secret);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    forged['rol'] = 'admin';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    await expect(verifyAccessToken(tampered, secret)).rejects.toThrow();
  });
});
