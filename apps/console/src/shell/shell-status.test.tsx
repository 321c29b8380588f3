import { useScreenDrawn } from '@camposense/ui';
import { render } from '@camposense/ui/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeldReadsProvider, ShellStatusProvider, useStatusFigures } from './shell-status';

function Figures() {
  const { sensors } = useStatusFigures();
  return <p>sensors: {sensors ?? 'none'}</p>;
}

/** A screen that draws its content after its first frame, as the dashboard does, on a button press here. */
function Screen() {
  const [drawn, setDrawn] = useState(false);
  useScreenDrawn(drawn);
  return <button onClick={() => setDrawn(true)}>draw</button>;
}

function renderShell(hold: boolean) {
  return render(
    <HeldReadsProvider hold={hold}>
      <ShellStatusProvider>
        <Figures />
        <Screen />
      </ShellStatusProvider>
    </HeldReadsProvider>,
    { wrapper: ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig> },
  );
}

const fetchMock = () =>
  vi.fn<typeof fetch>((input) =>
    Promise.resolve(
      String(input).includes('/sense/nodo?')
        ? Response.json({ rows: [], pagination: { page: 1, pageSize: 1, total: 7, totalPages: 7 } })
        : Response.json({ status: 'ok' }),
    ),
  );

describe('the console status reads held for the screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reads at once when nothing is held', async () => {
    const fetch = fetchMock();
    vi.stubGlobal('fetch', fetch);
    renderShell(false);
    expect(await screen.findByText('sensors: 7')).toBeInTheDocument();
  });

  it('waits for the screen to say it has drawn, then reads', async () => {
    const fetch = fetchMock();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderShell(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText('sensors: none')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'draw' }));
    expect(await screen.findByText('sensors: 7')).toBeInTheDocument();
  });

  // Its first read started in the task that committed the screen's draw would redraw the shell
  // before the browser painted that draw (issue 30, repeat visit).
  it('lets the screen paint its draw before it reads', async () => {
    const fetch = fetchMock();
    vi.stubGlobal('fetch', fetch);
    renderShell(true);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'draw' })));
    expect(fetch).not.toHaveBeenCalled();
    expect(await screen.findByText('sensors: 7')).toBeInTheDocument();
  });

  it('reads after a while when the screen never says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = fetchMock();
    vi.stubGlobal('fetch', fetch);
    renderShell(true);
    expect(fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
  });
});
