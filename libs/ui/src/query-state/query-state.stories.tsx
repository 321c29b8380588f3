import { Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { QueryState, type QueryLike } from './query-state';

interface Answer {
  rows: string[];
}

/** An SWR-like answer: `mutate` is the retry the stories click. */
function query(state: Partial<QueryLike<Answer>>): QueryLike<Answer> {
  return { data: undefined, error: undefined, isValidating: false, mutate: fn(), ...state };
}

const loaded = query({ data: { rows: ['Perú', 'Chile'] } });

const meta = {
  title: 'UI/QueryState',
  component: QueryState<Answer>,
  argTypes: {
    children: { control: false },
    query: { control: false },
    empty: { control: false },
  },
  args: {
    query: loaded,
    loadingLabel: 'Cargando...',
    loadingDetail: 'Países',
    errorMessage: 'Error al cargar los datos',
    empty: { when: (data: Answer) => data.rows.length === 0, title: 'Sin datos', description: 'No se encontraron registros' },
    children: (data: Answer) => <Text p="4">{data.rows.join(', ')}</Text>,
  },
} satisfies Meta<typeof QueryState<Answer>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { query: query({}) },
  play: async () => {
    await expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
  },
};

/** The error wins over stale data; retry asks again. */
export const Error: Story = {
  args: { query: query({ data: { rows: ['Perú'] }, error: new globalThis.Error('500') }) },
  play: async ({ args }) => {
    await expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar los datos');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await expect(args.query.mutate).toHaveBeenCalledOnce();
  },
};

/** A retry after an error shows the spinner again. */
export const Retrying: Story = { args: { query: query({ data: { rows: ['Perú'] }, error: new globalThis.Error('500'), isValidating: true }) } };

export const Empty: Story = {
  args: { query: query({ data: { rows: [] } }) },
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
  args: { query: query({ error: Object.assign(new globalThis.Error('Failed to fetch'), { name: 'ApiError', code: 'NETWORK' }) }) },
  play: async ({ args }) => {
    const alert = screen.getByRole('alert');
    await expect(alert).toHaveTextContent(/(No se pudo conectar con el servidor|Could not connect to the server)/);
    await expect(alert).not.toHaveTextContent('Failed to fetch');
    await userEvent.click(screen.getByRole('button', { name: /^(Reintentar|Retry)$/ }));
    await expect(args.query.mutate).toHaveBeenCalledOnce();
  },
};
export const NetworkFailureEnglish: Story = { ...NetworkFailure, args: { ...NetworkFailure.args, errorMessage: 'Error loading the data' }, globals: { language: 'en' } };
