import { Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { QueryState } from './query-state';

interface Answer {
  rows: string[];
}

const meta = {
  title: 'UI/QueryState',
  component: QueryState<Answer>,
  argTypes: {
    children: { control: false },
    isEmpty: { control: false },
    error: { control: false },
  },
  args: {
    data: { rows: ['Perú', 'Chile'] },
    error: undefined,
    isValidating: false,
    onRetry: fn(),
    loadingLabel: 'Cargando...',
    loadingDetail: 'Países',
    errorMessage: 'Error al cargar los datos',
    isEmpty: (data: Answer) => data.rows.length === 0,
    emptyTitle: 'Sin datos',
    emptyDescription: 'No se encontraron registros',
    children: (data: Answer) => <Text p="4">{data.rows.join(', ')}</Text>,
  },
} satisfies Meta<typeof QueryState<Answer>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { data: undefined },
  play: async () => {
    await expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
  },
};

/** The error wins over stale data; retry asks again. */
export const Error: Story = {
  args: { error: new globalThis.Error('500') },
  play: async ({ args }) => {
    await expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar los datos');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** A retry after an error shows the spinner again. */
export const Retrying: Story = { args: { error: new globalThis.Error('500'), isValidating: true } };

export const Empty: Story = {
  args: { data: { rows: [] } },
  play: async () => {
    await expect(screen.getByText('Sin datos')).toBeVisible();
  },
};

export const Loaded: Story = {
  play: async () => {
    await expect(screen.getByText('Perú, Chile')).toBeVisible();
  },
};

/** No answer from the server: the screen says what failed and that the server could not be reached, with its retry. */
export const NetworkFailure: Story = {
  args: { error: Object.assign(new globalThis.Error('Failed to fetch'), { name: 'ApiError', code: 'NETWORK' }) },
  play: async ({ args }) => {
    const alert = screen.getByRole('alert');
    await expect(alert).toHaveTextContent(/(No se pudo conectar con el servidor|Could not connect to the server)/);
    await expect(alert).not.toHaveTextContent('Failed to fetch');
    await userEvent.click(screen.getByRole('button', { name: /^(Reintentar|Retry)$/ }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
export const NetworkFailureEnglish: Story = { ...NetworkFailure, args: { ...NetworkFailure.args, errorMessage: 'Error loading the data' }, globals: { language: 'en' } };
