import type { Meta, StoryObj } from '@storybook/react-vite';
import { use } from 'react';
import { expect, screen } from 'storybook/test';
import { BootBoundary, BootLoading } from './boot-screen';

const never = new Promise<never>(() => undefined);

function Suspends(): null {
  use(never);
  return null;
}

function FailsOffline(): null {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/signed-in-app.js');
}

function FailsOtherwise(): null {
  throw new Error('boom');
}

interface BootScreenDemoProps {
  /** What is shown: the session check, or the signed-in console's chunk on its way or failed. */
  state: 'session-check' | 'loading' | 'offline' | 'failed';
}

/** The screens before Chakra has arrived, chosen from the Controls panel. */
function BootScreenDemo({ state }: BootScreenDemoProps) {
  if (state === 'session-check') return <BootLoading fullScreen />;
  return <BootBoundary>{state === 'loading' ? <Suspends /> : state === 'offline' ? <FailsOffline /> : <FailsOtherwise />}</BootBoundary>;
}

const meta = {
  title: 'UI/BootScreen',
  component: BootScreenDemo,
  args: { state: 'session-check' },
  argTypes: { state: { control: 'radio', options: ['session-check', 'loading', 'offline', 'failed'] } },
} satisfies Meta<typeof BootScreenDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The stored session is being checked: `Cargando...` over the whole page. */
export const SessionCheck: Story = {
  args: { state: 'session-check' },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(/^(Cargando\.\.\.|Loading\.\.\.)$/);
  },
};

/** Signed in, the console's chunk is on its way. */
export const Loading: Story = { args: { state: 'loading' } };

/** The chunk did not arrive (no signal): what failed, that the server could not be reached, and a retry. */
export const Offline: Story = {
  args: { state: 'offline' },
  play: async () => {
    await expect(await screen.findByText(/^(Error al cargar el componente|Error loading the component)$/)).toBeVisible();
    await expect(screen.getByText(/^(No se pudo conectar con el servidor\.|Could not connect to the server\.)/)).toBeVisible();
    await expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    await expect(screen.getByRole('button', { name: /^(Reintentar|Retry)$/ })).toBeEnabled();
  },
};

export const OfflineEnglish: Story = { ...Offline, globals: { language: 'en' } };

/** Any other failure: the unexpected-error text, never the exception's. */
export const Failed: Story = {
  args: { state: 'failed' },
  play: async () => {
    await expect(await screen.findByText(/^(Ha ocurrido un error inesperado|An unexpected error occurred)/)).toBeVisible();
    await expect(screen.queryByText('boom')).toBeNull();
  },
};
