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

const meta = { title: 'UI/ScreenBoundary', component: ScreenBoundary, args: { children: null } } satisfies Meta<typeof ScreenBoundary>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The chunk is on its way: `Cargando...`. */
export const Loading: Story = { render: () => <ScreenBoundary><Suspends /></ScreenBoundary> };

/** The chunk failed: `Error al cargar el componente`, the error's text and a retry. */
export const Failed: Story = {
  render: () => (
    <ScreenBoundary>
      <Throws />
    </ScreenBoundary>
  ),
  play: async () => {
    await expect(await screen.findByText(/Error al cargar el componente|Error loading the component/)).toBeVisible();
    await expect(screen.getByRole('button', { name: /Reintentar|Retry/ })).toBeEnabled();
  },
};

export const FailedEnglish: Story = { ...Failed, globals: { language: 'en' } };
