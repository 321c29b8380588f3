import { LONG_MESSAGE, mensajesManyFixture, reportHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { MessagesReport } from './messages-report';

const meta = {
  title: 'Reports/MessagesReport',
  component: MessagesReport,
} satisfies Meta<typeof MessagesReport>;

export default meta;
type Story = StoryObj<typeof meta>;

async function settled() {
  const table = await screen.findByRole('table', { name: /^(Mensajes|Messages)$/ });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return table;
}

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajesLoading()),
  play: async () => {
    const status = await screen.findByRole('status');
    await expect(status).toHaveTextContent('Cargando...');
    await expect(status).toHaveTextContent('MENSAJES');
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajesError()),
  play: async () => {
    await expect(await screen.findByText('Error al cargar los mensajes')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    await expect(screen.queryByRole('table')).toBeNull();
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes([])),
  play: async () => {
    await expect(await screen.findByText('No hay mensajes')).toBeVisible();
    await expect(screen.getByText('No se encontraron registros de mensajes en la base de datos')).toBeVisible();
  },
};

/** One page, with the long message truncated (full text in its title and for screen readers) and the contact fallbacks. */
export const Loaded: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes()),
  play: async () => {
    await settled();
    await expect(screen.getByRole('heading', { name: 'REGISTRO DE MENSAJES' })).toBeVisible();
    await expect(screen.getByText('Total: 10')).toBeVisible();
    await expect(screen.getAllByText('María Quispe').length).toBeGreaterThan(0);
    await expect(screen.getAllByText('guardia@camposense.dev').length).toBeGreaterThan(0);
    await expect(screen.getByText('Contact 26')).toBeVisible();
    await expect(screen.getByText('N/A')).toBeVisible();
    await expect(screen.queryByRole('navigation', { name: 'Paginación' })).toBeNull();
  },
};

export const LongMessage: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes()),
  play: async () => {
    await settled();
    const cell = screen.getByText(LONG_MESSAGE);
    await expect(cell).toHaveAttribute('title', LONG_MESSAGE);
    // Cut on screen: the box is narrower than its text.
    await expect(cell.scrollWidth).toBeGreaterThan(cell.clientWidth);
  },
};

export const LoadedEnglish: Story = {
  ...Loaded,
  globals: { language: 'en' },
  play: async () => {
    await settled();
    await expect(screen.getByRole('heading', { name: 'MESSAGES REGISTRY' })).toBeVisible();
    await expect(screen.getByText('Contact 26')).toBeVisible();
  },
};

export const Paginated: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes(mensajesManyFixture)),
  play: async () => {
    await settled();
    await expect(screen.getByText('PÁGINA 1 DE 3')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'ANTERIOR' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'SIGUIENTE' }));
    await userEvent.click(await screen.findByRole('button', { name: 'SIGUIENTE' }));
    await screen.findByText('PÁGINA 3 DE 3');
    await settled();
    await expect(screen.getByRole('button', { name: 'SIGUIENTE' })).toBeDisabled();
  },
};

export const SortedByContact: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes()),
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: /Contacto/ }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Contacto/ })).toHaveAttribute('aria-sort', 'ascending'));
    await settled();
  },
};
