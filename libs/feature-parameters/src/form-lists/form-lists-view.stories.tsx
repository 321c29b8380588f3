import type { FormListsState } from '@camposense/data-access';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { FormListsView } from './form-lists-view';

const loaded: FormListsState<string[]> = { data: ['Nodo Virú 01', 'Nodo Maipo 01'], error: undefined, isValidating: false, retry: () => undefined };

const meta = {
  title: 'Parameters/FormListsView',
  component: FormListsView<string[]>,
  args: {
    table: 'sensor',
    state: loaded,
    empty: { when: (nodes: string[]) => nodes.length === 0, title: 'No hay nodos', description: 'Cree un nodo primero' },
    children: (nodes: string[]) => <ul>{nodes.map((node) => <li key={node}>{node}</li>)}</ul>,
  },
} satisfies Meta<typeof FormListsView<string[]>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The lists have not all answered: the table being loaded is named under the spinner. */
export const Loading: Story = {
  args: { state: { ...loaded, data: undefined, isValidating: true } },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    await expect(screen.getByText('Sensor')).toBeVisible();
  },
};

/** One list failed: the error names the table, and retry asks for every list again. */
export const Error: Story = {
  args: { state: { ...loaded, data: undefined, error: new globalThis.Error('500'), retry: fn() } },
  play: async ({ args }) => {
    await expect(await screen.findByText('Error al cargar los registros de Sensor')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await expect(args.state.retry).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { state: { ...loaded, data: [] } },
  play: async () => {
    await expect(await screen.findByText('No hay nodos')).toBeVisible();
  },
};

export const Loaded: Story = {
  play: async () => {
    await expect(await screen.findByText('Nodo Maipo 01')).toBeVisible();
  },
};

export const LoadingEnglish: Story = {
  ...Loading,
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
  },
};
