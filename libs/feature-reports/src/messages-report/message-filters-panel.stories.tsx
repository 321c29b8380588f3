import { reportHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { MessageFiltersPanel, NO_MESSAGE_CHOICES } from './message-filters-panel';
import type { MessagePanelChoices } from './message-filters-panel';

/** The panel as the report holds it: its choices kept in state, so a story can be played with. */
function Panel({ initial }: { initial: MessagePanelChoices }) {
  const [value, setValue] = useState(initial);
  return <MessageFiltersPanel value={value} onChange={setValue} />;
}

const meta = {
  title: 'Reports/MessageFiltersPanel',
  component: Panel,
  args: { initial: NO_MESSAGE_CHOICES },
  argTypes: { initial: { control: 'object' } },
  decorators: [(Story) => <div style={{ padding: 16 }}><Story /></div>],
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajeFilterOptions()),
} satisfies Meta<typeof Panel>;

export default meta;
type Story = StoryObj<typeof meta>;

const contact = () => screen.getByRole('combobox', { name: /^(Contacto|Contact)$/ });

/** Every filter on "all": nothing narrows, so there is nothing to clear. */
export const AllMessages: Story = {
  play: async () => {
    await waitFor(() => expect(contact()).toBeEnabled());
    await expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
  },
};

/** A channel and a state chosen, and a first day: the clear button appears. */
export const Narrowed: Story = {
  args: { initial: { contactoId: null, estado: 'fallido', medioId: 2, days: { desde: '2026-11-01', hasta: null } } },
  play: async () => {
    await waitFor(() => expect(contact()).toBeEnabled());
    await expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  },
};

/** The options cannot be read: the selects stay usable on "all". */
export const OptionsError: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.mensajeFilterOptionsError()),
  play: async () => {
    await expect(await screen.findByRole('region', { name: /filtros|filters/i })).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async () => {
    await waitFor(() => expect(contact()).toBeEnabled());
  },
};
