import { act, fireEvent, screen } from '@testing-library/react';
import { TOAST_DEFAULT_DURATION_MS } from '@camposense/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../testing/render';
import { Toaster, dismissAllToasts, showToast } from './toast';

/**
 * Moves the fake clock in small steps, each in its own act: the toast machine starts its next
 * animation-frame timer from a React effect, which runs only once an act has flushed.
 */
async function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) {
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
  }
}

async function raise(options: Parameters<typeof showToast>[0]) {
  await act(async () => {
    showToast(options);
  });
  await advance(100);
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    act(() => dismissAllToasts());
    vi.useRealTimers();
  });

  it('shows title, message and action, and closes by itself after 5000 ms by default', async () => {
    const onRetry = vi.fn();
    render(<Toaster />);
    await raise({ type: 'error', title: 'Error', message: 'Error al cargar las alertas', action: { label: 'Reintentar', onClick: onRetry } });

    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Error al cargar las alertas')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();

    await raise({ type: 'success', title: 'Guardado', message: 'Sigue aquí' });
    await advance(TOAST_DEFAULT_DURATION_MS - 500);
    expect(screen.getByText('Sigue aquí')).toBeInTheDocument();
    await advance(1000);
    expect(screen.queryByText('Sigue aquí')).not.toBeInTheDocument();
  });

  it('stays for the given duration instead', async () => {
    render(<Toaster />);
    await raise({ type: 'warning', title: 'Aviso', message: 'Dura diez segundos', duration: 10_000 });
    await advance(TOAST_DEFAULT_DURATION_MS + 1000);
    expect(screen.getByText('Dura diez segundos')).toBeInTheDocument();
    await advance(5000);
    expect(screen.queryByText('Dura diez segundos')).not.toBeInTheDocument();
  });

  it('closes on its close button, named in the active language', async () => {
    render(<Toaster />, { language: 'en' });
    await raise({ type: 'info', title: 'Information', message: 'Closable' });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    await advance(500);
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });
});
