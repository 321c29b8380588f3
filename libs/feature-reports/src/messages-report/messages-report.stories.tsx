import { LONG_MESSAGE, mensajesManyFixture, reportHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { emptyStory, errorStory, loadingStory, tableSettled, typeDay, withGlobalFilters } from '../shared/story-report';
import { MessagesReport } from './messages-report';

const meta = {
  title: 'Reports/MessagesReport',
  component: MessagesReport,
  decorators: [withGlobalFilters()],
} satisfies Meta<typeof MessagesReport>;

export default meta;
type Story = StoryObj<typeof meta>;

const settled = () => tableSettled(/^(Mensajes|Messages)$/);

export const Loading: Story = { ...loadingStory(reportHandlers.mensajesLoading, 'MENSAJES') };

export const Error: Story = { ...errorStory(reportHandlers.mensajesError, 'Error al cargar los mensajes') };

export const Empty: Story = { ...emptyStory(() => reportHandlers.mensajes([]), 'No hay mensajes', 'No se encontraron registros de mensajes en la base de datos') };

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

/** A click on the message shows all of it. */
export const FullMessage: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes()),
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: LONG_MESSAGE }));
    const popover = await screen.findByRole('dialog', { name: 'Mensaje 8010' });
    await expect(popover).toHaveTextContent(LONG_MESSAGE);
  },
};

/** One contact by e-mail: the options name the channel, since a person has one contact per channel. */
export const FilteredByContact: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes()),
  play: async () => {
    await settled();
    await waitFor(() => expect(screen.getByLabelText('Contacto')).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText('Contacto'), 'Jorge Salazar · Correo');
    await screen.findByText('Total: 2');
    const table = await settled();
    await expect(within(table).getAllByText('Jorge Salazar')).toHaveLength(2);
  },
};

/** The days typed dd/mm/aaaa: only the messages of Lima's 20 November. */
export const FilteredByDates: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes(mensajesManyFixture)),
  play: async () => {
    await settled();
    await typeDay('Desde', '20/11/2026');
    await typeDay('Hasta', '20/11/2026');
    await screen.findByText('Total: 23');
    const table = await settled();
    await expect(within(table).getAllByText(/^20\/11\/2026/).length).toBe(40);
  },
};

/** Failed SMS: none, and the empty state says it is the filters. */
export const EmptyAfterFiltering: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes()),
  play: async () => {
    await settled();
    await waitFor(() => expect(screen.getByLabelText('Canal')).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'fallido');
    await userEvent.selectOptions(screen.getByLabelText('Canal'), 'SMS');
    await expect(await screen.findByText('Ningún mensaje coincide con los filtros elegidos')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  },
};

/** The global Fundo (Santa Rosa) scopes the messages to its alerts. */
export const FarmSelected: Story = {
  decorators: [withGlobalFilters({ paisId: 1, empresaId: 1, fundoId: 2 })],
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes()),
  play: async () => {
    await settled();
    await expect(screen.getByText('Total: 2')).toBeVisible();
  },
};

export const FilteredEnglish: Story = {
  globals: { language: 'en' },
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajes()),
  play: async () => {
    await settled();
    await waitFor(() => expect(screen.getByLabelText('Channel')).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'E-mail');
    await screen.findByText('Total: 6');
    await settled();
    await expect(screen.getByRole('button', { name: 'Clear filters' })).toBeVisible();
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
    // The last page holds the 5 rows past the first 40.
    await tableSettled(/^(Mensajes|Messages)$/, { bodyRows: 5 });
    await expect(screen.getByRole('button', { name: 'SIGUIENTE' })).toBeDisabled();
  },
};

/** A page number the API refuses as too deep: why, and the way back to page 1. */
export const JumpRefusedEnglish: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajesRefusingJumps()),
  globals: { language: 'en' },
  play: async () => {
    await screen.findByText('PAGE 1 OF 3,000');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByText('Page out of reach');
    await expect(screen.getByRole('button', { name: 'Back to the first page' })).toBeVisible();
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
