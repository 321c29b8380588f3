import type { Meta, StoryObj } from '@storybook/react-vite';
import { use } from 'react';
import { expect, screen } from 'storybook/test';
import { ScreenBoundary } from './screen-boundary';

const never = new Promise<never>(() => undefined);

function Suspends(): null {
  use(never);
  return null;
}

function Throws(): null {
  throw new Error('Failed to fetch dynamically imported module');
}

interface ScreenBoundaryDemoProps {
  /** What the lazy screen inside the boundary does: still loading its chunk, or failing to. */
  chunk: 'loading' | 'failed';
}

/** ScreenBoundary around a screen whose chunk is on its way or failed, chosen from the Controls panel. */
function ScreenBoundaryDemo({ chunk }: ScreenBoundaryDemoProps) {
  return <ScreenBoundary>{chunk === 'loading' ? <Suspends /> : <Throws />}</ScreenBoundary>;
}

const meta = {
  title: 'UI/ScreenBoundary',
  component: ScreenBoundaryDemo,
  args: { chunk: 'loading' },
  argTypes: { chunk: { control: 'radio', options: ['loading', 'failed'] } },
} satisfies Meta<typeof ScreenBoundaryDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The chunk is on its way: `Cargando...`. */
export const Loading: Story = { args: { chunk: 'loading' } };

/**
 * The chunk failed: `Error al cargar el componente`, that the server could not be reached in the
 * reader's language (never the browser's English "Failed to fetch dynamically imported module") and a retry.
 */
export const Failed: Story = {
  args: { chunk: 'failed' },
  play: async () => {
    await expect(await screen.findByText(/Error al cargar el componente|Error loading the component/)).toBeVisible();
    await expect(screen.getByText(/^(No se pudo conectar con el servidor\.|Could not connect to the server\.)/)).toBeVisible();
    await expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    await expect(screen.getByRole('button', { name: /Reintentar|Retry/ })).toBeEnabled();
  },
};

export const FailedEnglish: Story = { ...Failed, globals: { language: 'en' } };
