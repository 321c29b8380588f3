import { apiRequest, reportLiveStream, resetConnectionStatus, useConnectionRetry, useConnectionStatus, useSystemStatus } from '@camposense/data-access';
import { ConnectionBanner, LiveIndicator, StatusCard } from '@camposense/ui';
import { render } from '@camposense/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The shell's wiring: a status read (an SWR key to revalidate) and the banner over the retry. */
function Harness() {
  useSystemStatus();
  const connection = useConnectionRetry();
  const { lastEventAt } = useConnectionStatus();
  return (
    <>
      <StatusCard variant="inline" connection={connection.state} activeTime="1 min" sensors={null} activeAlerts={null} />
      <ConnectionBanner state={connection.state} onRetryNow={connection.retryNow} />
      <LiveIndicator state={connection.state} lastEventAt={lastEventAt} timeZone="America/Lima" />
    </>
  );
}

function renderHarness() {
  return render(<Harness />, {
    wrapper: ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>,
  });
}

const lostText = 'Sin conexión con el servidor. Reintentando…';

/** The server is back: its health check is ok, any other answer, even an error, will do. */
const healthyServer = (input: RequestInfo | URL) =>
  Promise.resolve(
    String(input).endsWith('/api/health') ? Response.json({ status: 'ok' }) : Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 }),
  );

describe('the lost-connection banner', () => {
  afterEach(() => {
    resetConnectionStatus();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands out one retry for the life of the shell, so the banner and cards holding it do not redraw', () => {
    const retries: Array<() => void> = [];
    function Holder() {
      retries.push(useConnectionRetry().retryNow);
      return null;
    }
    const { rerender } = render(<Holder />, {
      wrapper: ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>,
    });
    rerender(<Holder />);
    expect(retries.length).toBeGreaterThan(1);
    expect(new Set(retries).size).toBe(1);
  });

  it('shows on a network failure, retries by SWR revalidation with backoff, and leaves at the first answer', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderHarness();
    expect(await screen.findByRole('alert')).toHaveTextContent(lostText);
    const callsWhenLost = fetchMock.mock.calls.length;

    // The next retry (1 s after) asks again; the server is back: any answer, even an error, will do.
    fetchMock.mockImplementation(healthyServer);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(callsWhenLost), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('an HTTP error answer is the server speaking: no banner while the health check is ok', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) =>
        Promise.resolve(
          String(input).endsWith('/api/health')
            ? Response.json({ status: 'ok' })
            : Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 }),
        ),
      ),
    );
    await expect(apiRequest('/sense/paises')).rejects.toThrow();
    renderHarness();
    await waitFor(() => expect(screen.getByRole('status', { name: 'ESTADO DEL SISTEMA' })).toHaveTextContent('Sistema en línea'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failing health check is no connection for the header, the banner and the indicator alike', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 }))));
    renderHarness();
    expect(await screen.findByRole('alert')).toHaveTextContent(lostText);
    expect(screen.getByRole('status', { name: 'ESTADO DEL SISTEMA' })).toHaveTextContent('Sin conexión');
    expect(screen.getByText('Reconectando…')).toBeVisible();
  });

  it('the stream’s state is the one every view shows: live, reconnecting with its last event, off', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(healthyServer));
    renderHarness();
    const header = () => screen.getByRole('status', { name: 'ESTADO DEL SISTEMA' });
    const lastEvent = new Date('2026-11-21T19:05:09Z');

    act(() => reportLiveStream('connecting', null));
    expect(header()).toHaveTextContent('Conectando…');
    expect(screen.getByText('Conectando con el flujo en vivo…')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => reportLiveStream('live', lastEvent));
    await waitFor(() => expect(header()).toHaveTextContent('Sistema en línea'));
    expect(screen.getByText('Se actualiza en vivo')).toBeVisible();
    expect(screen.getByText('· Último evento: 14:05:09')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => reportLiveStream('reconnecting'));
    expect(header()).toHaveTextContent('Sin conexión');
    expect(screen.getByRole('alert')).toHaveTextContent(lostText);
    expect(screen.getByText('Reconectando…')).toBeVisible();
    expect(screen.getByText('· Último evento: 14:05:09')).toBeVisible();

    act(() => reportLiveStream('off'));
    expect(header()).toHaveTextContent('Sin conexión');
    expect(screen.getByRole('alert')).toHaveTextContent('Sin conexión con el servidor. Las actualizaciones en vivo se detuvieron.');
    expect(screen.getByText('Sin actualizaciones en vivo')).toBeVisible();
  });

  it('says it in English, and retries at once on request', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = render(<Harness />, {
      language: 'en',
      wrapper: ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection to the server. Retrying…');
    const before = fetchMock.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before));
  });
});
