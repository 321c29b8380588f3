import { tableFixtures, tableWriteHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { fn, expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { UpdateView } from './update-view';
import { parametersMeta } from '../testing/story-shell';

const empresa = tableFixtures.empresa!.rows[0]!;
const sensor = tableFixtures.sensor!.rows[0]!;
const topProfile = tableFixtures.perfil!.rows[0]!;

const meta = {
  title: 'Parameters/UpdateView',
  component: UpdateView,
  args: { table: 'empresa', selected: empresa, onSelect: fn() },
  ...parametersMeta,
} satisfies Meta<typeof UpdateView>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = () => screen.findByRole('form', { name: /^(Editar registro de|Edit) / });
const name = () => screen.getByRole('textbox', { name: /^Empresa/ });

/** No row picked yet: the table to pick one from. */
export const ChooseRow: Story = {
  args: { selected: null },
  play: async () => {
    await expect(await screen.findByText('Seleccione la fila que desea editar y pulse Actualizar')).toBeVisible();
    await expect(await screen.findByRole('table')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(http.get('/api/sense/:table/:id', ({ params }) => (/^\d+$/.test(String(params['id'])) ? delay('infinite') : undefined))),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando el registro...');
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.rowError()),
  play: async () => {
    await expect(await screen.findByText('No se pudo cargar el registro')).toBeVisible();
  },
};

/** The row read fresh: its values in the form, its country chosen in the select. */
export const Loaded: Story = {
  play: async () => {
    await form();
    await expect(name()).toHaveValue('Agrícola Virú');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^País/ })).toHaveValue('Perú'));
    await expect(screen.getByText('Editando: Agrícola Virú (empresaid 1)')).toBeVisible();
  },
};

export const LoadedEnglish: Story = {
  ...Loaded,
  globals: { language: 'en' },
  play: async () => {
    await form();
    await expect(screen.getByText('Editing: Agrícola Virú (empresaid 1)')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeVisible();
  },
};

/** Saved: only the changed field goes, with If-Match; a success toast. */
export const Saved: Story = {
  play: async () => {
    await form();
    await userEvent.clear(name());
    await userEvent.type(name(), 'Agrícola Virú SAC');
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await waitFor(() => expect(screen.getByText('Se guardaron los cambios en Empresa')).toBeVisible());
  },
};

/** 412: someone else changed the row; the form says so and offers to reload it. */
export const Stale: Story = {
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.stale()),
  play: async () => {
    await form();
    await userEvent.type(name(), ' SAC');
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await expect(await screen.findByText('Otra persona cambió este registro')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'RECARGAR REGISTRO' })).toBeVisible();
  },
};

/** 409 on update: the new name is taken within the country. */
export const Duplicate: Story = {
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.duplicate(['paisid', 'empresa'])),
  play: async () => {
    await form();
    await userEvent.type(name(), ' SAC');
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await expect(await screen.findByText('Ya existe un registro de Empresa con ese valor en País, Empresa.')).toBeVisible();
  },
};

/** A composite key (sensor: node and type): read and written through /composite. */
export const CompositeKey: Story = {
  args: { table: 'sensor', selected: sensor },
  play: async () => {
    await form();
    await expect(screen.getByText('Editando: nodoid 1, tipoid 1')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Nodo/ })).toHaveValue('Nodo Virú 01'));
  },
};

/** ELEGIR OTRA FILA with nothing changed: straight back to the table. */
export const OtherRow: Story = {
  play: async ({ args }) => {
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'ELEGIR OTRA FILA' }));
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(null));
  },
};

/** ELEGIR OTRA FILA with an edit not saved: the unsaved-changes modal asks first; CANCELAR keeps the edit. */
export const OtherRowUnsaved: Story = {
  play: async ({ args }) => {
    await form();
    await userEvent.type(name(), ' SAC');
    await userEvent.click(screen.getByRole('button', { name: 'ELEGIR OTRA FILA' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('Cambios sin guardar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'CANCELAR' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(name()).toHaveValue('Agrícola Virú SAC');
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

const boss = () => screen.getByRole('combobox', { name: /^Jefe \(nivel - perfil\)/ });

/** A profile's boss select names every profile "nivel - perfil", as the spec lists them. */
export const BossOptions: Story = {
  args: { table: 'perfil', selected: topProfile },
  play: async () => {
    await form();
    await userEvent.click(boss());
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(['0 - Gerente Agrícola', '1 - Jefe de Fundo Perú', '2 - Supervisor Perú']);
  },
};

/** 409 cycle: the top profile given its own subordinate as boss; the reason shows and nothing is saved. */
export const BossCycleRefused: Story = {
  args: { table: 'perfil', selected: topProfile },
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.constraint('Un perfil no puede estar en su propia cadena de jefes', [{ field: 'jefeid', rule: 'cycle' }])),
  play: async () => {
    await form();
    await userEvent.click(boss());
    await userEvent.click(await screen.findByRole('option', { name: '2 - Supervisor Perú' }));
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await expect(await screen.findByText('Un perfil no puede ser su propio jefe, ni directamente ni a través de otros')).toBeVisible();
    await expect(boss()).toHaveValue('2 - Supervisor Perú');
  },
};

export const BossCycleRefusedEnglish: Story = {
  ...BossCycleRefused,
  globals: { language: 'en' },
  play: async () => {
    await form();
    await userEvent.click(screen.getByRole('combobox', { name: /^Boss \(level - profile\)/ }));
    await userEvent.click(await screen.findByRole('option', { name: '2 - Supervisor Perú' }));
    await userEvent.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    await expect(await screen.findByText('A profile cannot be its own boss, directly or through others')).toBeVisible();
  },
};
