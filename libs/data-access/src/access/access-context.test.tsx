import type { UserAccessResponse } from '@camposense/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SWRConfig, unstable_serialize } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../client/api-client';
import { operatorUser } from '../testing/fixtures';
import { userAccessKeys } from '../user-access/keys';
import { AccessProvider, useAccess } from './access-context';

const grant: UserAccessResponse = {
  usuarioid: operatorUser.id,
  todas: false,
  accesos: [{ empresaid: 3, empresa: 'Viñedos del Maipo', paisid: 2, pais: 'Chile', nivel: 'operacion' }],
};

/** The API's answer to every request: the grant, or a failure while `failing`. */
function answering(state: { failing: boolean }) {
  const fetch = vi.fn(async () =>
    state.failing
      ? new Response(JSON.stringify({ error: 'boom' }), { status: 500, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify(grant), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Each value a screen under the provider drew with. */
function Screen({ seen }: { seen: Array<{ status: string; isValidating: boolean }> }) {
  const access = useAccess()!;
  seen.push({ status: access.status, isValidating: access.isValidating });
  return (
    <button type="button" onClick={access.retry}>
      {access.status}
    </button>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource({ getAccessToken: () => null });
});

describe('AccessProvider', () => {
  // A reload's grant is in the cache before the console's first draw (issue 30): the mount's
  // revalidation must not draw every screen under the provider again, twice.
  it('with the grant in the cache, draws its screens once while the mount revalidates it', async () => {
    setTokenSource({ getAccessToken: () => 'token', getSessionUser: () => operatorUser });
    const fetch = answering({ failing: false });
    const seen: Array<{ status: string; isValidating: boolean }> = [];
    const fallback = { [unstable_serialize(userAccessKeys.of(operatorUser.id))]: grant };
    render(
      <SWRConfig value={{ provider: () => new Map(), fallback }}>
        <AccessProvider user={operatorUser}>
          <Screen seen={seen} />
        </AccessProvider>
      </SWRConfig>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([{ status: 'ready', isValidating: false }]);
  });

  it('after an error, shows the retry under way', async () => {
    setTokenSource({ getAccessToken: () => 'token', getSessionUser: () => operatorUser });
    const state = { failing: true };
    answering(state);
    const seen: Array<{ status: string; isValidating: boolean }> = [];
    render(
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <AccessProvider user={operatorUser}>
          <Screen seen={seen} />
        </AccessProvider>
      </SWRConfig>,
    );
    await screen.findByRole('button', { name: 'error' });
    state.failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'error' }));
    await screen.findByRole('button', { name: 'ready' });
    expect(seen).toContainEqual({ status: 'error', isValidating: true });
  });
});
