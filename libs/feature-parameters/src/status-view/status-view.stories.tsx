import { GlobalFiltersProvider } from '@camposense/data-access';
import { tableHandlers, tableWriteHandlers } from '@camposense/data-access/testing';
import type { ApiErrorBody } from '@camposense/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { StatusView } from './status-view';
import { loadErrorStory, loadingStory, parametersMeta } from '../testing/story-shell';

const meta = {
  title: 'Parameters/StatusView',
  component: StatusView,
  args: { table: 'empresa' },
  ...parametersMeta,
} satisfies Meta<typeof StatusView>;

export default meta;
type Story = StoryObj<typeof meta>;

async function settledTable() {
  const table = await screen.findByRole('table');
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  // The names of foreign keys and users arrive with their own request.
  await waitFor(() => expect(within(table).getAllByText('Perú').length).toBeGreaterThan(0));
  await waitFor(() => expect(within(table).getAllByText('Ana Quispe').length).toBeGreaterThan(0));
  return table;
}

export const Loading: Story = loadingStory;

export const Error: Story = loadErrorStory('Empresa');

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...tableHandlers.empty('empresa')),
  play: async () => {
    await expect(await screen.findByText('Sin registros')).toBeVisible();
  },
};

/** Foreign keys by name, the status badge, the audit columns with user names and local dates, the record count. */
export const Loaded: Story = {
  play: async () => {
    const table = await settledTable();
    await expect(screen.getByText('45 de 45 registros')).toBeVisible();
    await expect(within(table).getByRole('columnheader', { name: /Creado por/ })).toBeVisible();
    await expect(within(table).getByText('Inactivo')).toBeVisible();
    await expect(screen.getByRole('navigation', { name: 'Paginación' })).toHaveTextContent('PÁGINA 1 DE 3');
  },
};

/** The sidebar scoped to Chile: the companies are Chile's only (the API's paisid filter). */
export const ScopedToCountry: Story = {
  decorators: [
    (Story) => (
      <GlobalFiltersProvider initial={{ paisId: 2 }}>
        <Story />
      </GlobalFiltersProvider>
    ),
  ],
  play: async () => {
    const table = await screen.findByRole('table');
    await waitFor(() => expect(screen.getByText('22 de 45 registros')).toBeVisible());
    await waitFor(() => expect(within(table).getAllByText('Chile').length).toBeGreaterThan(0));
    await expect(within(table).queryByText('Perú')).toBeNull();
  },
};

/**
 * Nodes belong to a farm only through where they stand (localizacion → ubicacion → fundo): scoped
 * to Fundo Maipo Alto, the API's `scope=fundo:3` leaves Maipo's node and not Virú's.
 */
export const ScopedJoinOnlyTable: Story = {
  args: { table: 'nodo' },
  decorators: [
    (Story) => (
      <GlobalFiltersProvider initial={{ paisId: 2, empresaId: 3, fundoId: 3 }}>
        <Story />
      </GlobalFiltersProvider>
    ),
  ],
  play: async () => {
    const table = await screen.findByRole('table');
    await waitFor(() => expect(screen.getByText('1 de 2 registros')).toBeVisible());
    await expect(within(table).getByText('Nodo Maipo 01')).toBeVisible();
    await expect(within(table).queryByText('Nodo Virú 01')).toBeNull();
  },
};
/** A country's sensors: the probes of the nodes placed in Perú's locations (sensor → localizacion → … → pais). */
export const ScopedJoinOnlyTableEnglish: Story = {
  args: { table: 'sensor' },
  globals: { language: 'en' },
  decorators: [
    (Story) => (
      <GlobalFiltersProvider initial={{ paisId: 1 }}>
        <Story />
      </GlobalFiltersProvider>
    ),
  ],
  play: async () => {
    await screen.findByRole('table');
    await waitFor(() => expect(screen.getByText('1 of 2 records')).toBeVisible());
    // The node's name arrives with the labels request, after the rows.
    await expect(await within(screen.getByRole('table')).findByText('Nodo Virú 01')).toBeVisible();
  },
};

export const LoadedEnglish: Story = {
  ...Loaded,
  globals: { language: 'en' },
  play: async () => {
    await settledTable();
    await expect(screen.getByText('45 of 45 records')).toBeVisible();
    await expect(screen.getByRole('columnheader', { name: /Created by/ })).toBeVisible();
  },
};

/** The search runs on the server across the text columns; the count says how many of all match. */
export const Searched: Story = {
  play: async () => {
    await settledTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'maipo');
    await expect(await screen.findByText('1 de 45 registros')).toBeVisible();
    await expect(screen.getByText('Viñedos del Maipo')).toBeVisible();
  },
};

export const NoMatches: Story = {
  play: async () => {
    await settledTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'zzz');
    await expect(await screen.findByText('Ningún registro coincide con la búsqueda')).toBeVisible();
    await expect(screen.getByText('0 de 45 registros')).toBeVisible();
  },
};

/** Sorted by name descending on the server, then the second page. */
export const SortedSecondPage: Story = {
  play: async () => {
    const table = await settledTable();
    await userEvent.click(within(within(table).getByRole('columnheader', { name: /^Empresa$/ })).getByRole('button'));
    await userEvent.click(within(screen.getByRole('columnheader', { name: /^Empresa$/ })).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /^Empresa$/ })).toHaveAttribute('aria-sort', 'descending'));
    await userEvent.click(screen.getByRole('button', { name: /SIGUIENTE/ }));
    await expect(await screen.findByText('PÁGINA 2 DE 3')).toBeVisible();
    await settledTable();
  },
};

/** An admin: the picked row can be switched inactive or deleted; the buttons wait for a pick. */
export const Admin: Story = {
  args: { canWrite: true },
  play: async () => {
    await settledTable();
    await expect(screen.getByRole('button', { name: 'ELIMINAR' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'DESACTIVAR' })).toBeDisabled();
  },
};

/** Picking an active row and switching it off: a toast says so. */
export const Deactivated: Story = {
  ...Admin,
  play: async () => {
    const table = await settledTable();
    await userEvent.click(within(table).getByText('Agrícola Virú'));
    await userEvent.click(screen.getByRole('button', { name: 'DESACTIVAR' }));
    await waitFor(() => expect(screen.getByText('Registro desactivado')).toBeVisible());
    // The write's pending state (useSWRMutation's isMutating) ends in a React transition, which can
    // commit just after the toast: the frame is the button at rest.
    await waitFor(() => expect(document.querySelector('button[data-loading]')).toBeNull());
  },
};

/** Delete asks first, naming the row. */
export const DeleteConfirm: Story = {
  ...Admin,
  play: async () => {
    const table = await settledTable();
    await userEvent.click(within(table).getByText('Viñedos del Maipo'));
    await userEvent.click(screen.getByRole('button', { name: 'ELIMINAR' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('Se eliminará «Viñedos del Maipo (empresaid 3)» de Empresa.');
  },
};

/** A company its farms still use: refused, naming who uses it and how many. */
export const DeleteReferenced: Story = {
  args: { canWrite: true },
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.referenced([{ table: 'fundo', count: 2, columns: ['empresaid'] }])),
  play: async () => {
    const table = await settledTable();
    await userEvent.click(within(table).getByText('Viñedos del Maipo'));
    await userEvent.click(screen.getByRole('button', { name: 'ELIMINAR' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ELIMINAR' }));
    await expect(await screen.findByText(/lo usan 2 registros de Fundo/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const DeleteReferencedEnglish: Story = {
  ...DeleteReferenced,
  globals: { language: 'en' },
  play: async () => {
    const table = await settledTable();
    await userEvent.click(within(table).getByText('Viñedos del Maipo'));
    await userEvent.click(screen.getByRole('button', { name: 'DELETE' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'DELETE' }));
    await expect(await screen.findByText(/it is used by 2 Farm records/)).toBeVisible();
  },
};

/** EXPORTAR CSV asks for a download token first; when the server refuses, a toast says so and nothing downloads. */
export const ExportFailed: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.get('/api/sense/reports/download-token', () =>
        HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 }),
      ),
    ),
  play: async () => {
    await settledTable();
    await userEvent.click(screen.getByRole('button', { name: 'EXPORTAR CSV' }));
    await waitFor(() => expect(screen.getByText('Error interno del servidor')).toBeVisible());
  },
};
