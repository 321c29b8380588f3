import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_EMAIL, baseUrl, DEMO_PASSWORD } from './session';

/** One call to `/api/sense{path}` as the admin; a refusal fails the test with the API's answer. */
export type ApiCall = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) => Promise<T>;

/**
 * The API as an installer's script sees it, signed in as the demo admin: what a journey sets up or
 * checks behind the screen (a gap to find, rows that must not have been written, a clean-up).
 */
export async function adminApi(page: Page): Promise<ApiCall> {
  const login = await page.request.post(`${baseUrl()}/api/auth/login`, { data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { session: { access_token: string } }).session.access_token;
  const headers = { authorization: `Bearer ${token}` };
  return async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> => {
    const response = await page.request.fetch(`${baseUrl()}/api/sense${path}`, { method, headers, data });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
}
