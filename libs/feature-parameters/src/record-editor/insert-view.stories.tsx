import { tableHandlers, tableWriteHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { InsertView } from './insert-view';
import { loadErrorStory, loadingStory, parametersMeta, withSwitchTo } from '../testing/story-shell';

const withSwitch = withSwitchTo('status');

const meta = {
  title: 'Parameters/InsertView',
  component: InsertView,
  args: { table: 'pais' },
  ...parametersMeta,
} satisfies Meta<typeof InsertView>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = () => screen.findByRole('form', { name: /^(Nuevo registro de|New) / });
const text = (name: RegExp) => screen.getByRole('textbox', { name });

export const Loading: Story = loadingStory;

export const Error: Story = loadErrorStory('País');

/** A country: name and a 2-character abbreviation, both required (*), status active by default. */
export const Empty: Story = {
  play: async () => {
    await form();
    await expect(screen.getByText('(*) Campo requerido')).toBeVisible();
    await expect(text(/^País/)).toBeRequired();
    await expect(screen.getByText('Hasta 2 caracteres')).toBeVisible();
    await expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveValue('Activo');
  },
};

export const EmptyEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await form();
    await expect(screen.getByText('(*) Required field')).toBeVisible();
    await expect(text(/^Country/)).toBeVisible();
  },
};

/** Checked before sending: the blank name is required, "PER" is over the country's 2 characters. */
export const ValidationErrors: Story = {
  play: async () => {
    await form();
    await userEvent.type(text(/^Abreviatura/), 'PER');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('Campo requerido')).toBeVisible();
    await expect(screen.getByText('Debe tener como máximo 2 caracteres')).toBeVisible();
  },
};

/** The server's own checks land on their fields. */
export const ServerValidation: Story = {
  beforeEach: ({ msw }) => msw.use(...tableHandlers.loaded(), ...tableWriteHandlers.invalid([{ field: 'pais', rule: 'encoding' }])),
  play: async () => {
    await form();
    await userEvent.type(text(/^País/), 'Perú');
    await userEvent.type(text(/^Abreviatura/), 'PE');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('Contiene caracteres que no se pueden guardar')).toBeVisible();
  },
};

/** 409: a country with that abbreviation exists; said in plain words, naming the field. */
export const Duplicate: Story = {
  beforeEach: ({ msw }) => msw.use(...tableHandlers.loaded(), ...tableWriteHandlers.duplicate(['paisabrev'])),
  play: async () => {
    await form();
    await userEvent.type(text(/^País/), 'Perú');
    await userEvent.type(text(/^Abreviatura/), 'PE');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('Ya existe un registro de País con ese valor en Abreviatura.')).toBeVisible();
  },
};

export const Busy: Story = {
  beforeEach: ({ msw }) => msw.use(...tableHandlers.loaded(), ...tableWriteHandlers.pending()),
  play: async () => {
    await form();
    await userEvent.type(text(/^País/), 'Perú');
    await userEvent.type(text(/^Abreviatura/), 'PE');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /CREAR/ })).toBeDisabled());
  },
};

/** Saved: a success toast and the form empty again. */
export const Created: Story = {
  play: async () => {
    await form();
    await userEvent.type(text(/^País/), 'Perú');
    await userEvent.type(text(/^Abreviatura/), 'PE');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await waitFor(() => expect(screen.getByText('Se creó el registro en País')).toBeVisible());
    await waitFor(() => expect(text(/^País/)).toHaveValue(''));
  },
};

/** A location: its farm is a searchable select, narrowed by country and company first. */
export const Cascade: Story = {
  args: { table: 'ubicacion' },
  play: async () => {
    const region = await form();
    const fundo = within(region).getByRole('combobox', { name: /^Fundo/ });
    await waitFor(() => expect(within(region).getByRole('combobox', { name: 'País' })).toBeEnabled());
    await userEvent.click(within(region).getByRole('combobox', { name: 'País' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Chile' }));
    await userEvent.click(within(region).getByRole('combobox', { name: 'Empresa' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Viñedos del Maipo' }));
    await userEvent.click(fundo);
    const listbox = await screen.findByRole('listbox');
    // The company's farms arrive after the list opens (under load it showed the previous list first).
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Fundo Maipo Alto']));
  },
};

/** A node: the DevEUI must be 16 hexadecimal characters. */
export const DevEuiInvalid: Story = {
  args: { table: 'nodo' },
  play: async () => {
    await form();
    await userEvent.type(text(/^Nodo/), 'Nodo 9');
    await userEvent.type(text(/^DevEUI/), '70B3-D57E');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('El DevEUI debe tener 16 caracteres hexadecimales (0-9, A-F)')).toBeVisible();
  },
};

/** Spec section 5: a name typed in makes the form dirty; switching sub-tab asks with the modal, naming Estado. */
export const UnsavedChanges: Story = {
  decorators: [withSwitch],
  play: async () => {
    await form();
    await userEvent.type(text(/^País/), 'Bolivia');
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('«Estado»');
    await expect(within(dialog).getByRole('button', { name: 'CONTINUAR' })).toBeVisible();
  },
};

/** A DevEUI alone is not an identifying field of nodo (spec section 5): the switch goes through without asking. */
export const NotIdentifyingIsClean: Story = {
  args: { table: 'nodo' },
  decorators: [withSwitch],
  play: async () => {
    await form();
    await userEvent.type(text(/^DevEUI/), '70B3D57ED0000009');
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    await expect(await screen.findByText('status')).toBeVisible();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};
