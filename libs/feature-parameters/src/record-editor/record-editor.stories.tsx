import { FIXTURE_ETAG, tableFixtures, tableWriteHandlers } from '@camposense/data-access/testing';
import type { TableName } from '@camposense/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { parametersMeta } from '../testing/story-shell';
import { RecordEditor } from './record-editor';

const metaOf = (table: TableName) => ({ columns: tableFixtures[table]!.columns, constraints: tableFixtures[table]!.constraints });
/** Parcela Maipo: under Fundo Maipo Alto, Viñedos del Maipo, Chile. */
const parcela = tableFixtures.ubicacion!.rows[2]!;

/**
 * The generated form of one table, insert or update (InsertView and UpdateView load what it needs
 * and show it): a location here, whose farm select cascades from country and company.
 */
const meta = {
  title: 'Parameters/RecordEditor',
  component: RecordEditor,
  args: { table: 'ubicacion', mode: 'insert', meta: metaOf('ubicacion') },
  ...parametersMeta,
} satisfies Meta<typeof RecordEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = () => screen.findByRole('form');
const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

export const Insert: Story = {
  play: async () => {
    await form();
    await expect(select('País')).toHaveValue('');
    await expect(screen.getByText('(*) Campo requerido')).toBeVisible();
  },
};

export const InsertEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await form();
    await expect(screen.getByRole('button', { name: 'CREATE' })).toBeVisible();
  },
};

/** Sent empty: every required field says so, nothing is sent. */
export const ValidationErrors: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'CREAR' }));
    await waitFor(() => expect(screen.getAllByText('Campo requerido').length).toBeGreaterThanOrEqual(2));
  },
};

/** Opened on a row: its values, and its place in the hierarchy filled in the selects above its farm. */
export const Update: Story = {
  args: { mode: 'update', row: parcela, etag: FIXTURE_ETAG, onReload: fn() },
  play: async () => {
    await form();
    await expect(screen.getByRole('textbox', { name: /^Ubicación/ })).toHaveValue('Parcela Maipo');
    await waitFor(() => expect(select('País')).toHaveValue('Chile'));
    await waitFor(() => expect(select('Empresa')).toHaveValue('Viñedos del Maipo'));
    await waitFor(() => expect(select('Fundo')).toHaveValue('Fundo Maipo Alto'));
  },
};

/** The status is always active or inactive: its select has no clear button, the others do. */
export const StatusNotClearable: Story = {
  args: Update.args,
  play: async () => {
    await form();
    await waitFor(() => expect(select('Estado')).toHaveValue('Activo'));
    await expect(screen.queryByRole('button', { name: 'Limpiar Estado' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Limpiar País' })).toBeInTheDocument();
  },
};

/** While the row's farm, company and country are read: the form waits, so its selects never open empty. */
export const UpdatePlacing: Story = {
  args: Update.args,
  beforeEach: ({ msw }) => msw.use(http.get('/api/sense/:table/:id', ({ params }) => (/^\d+$/.test(String(params['id'])) ? delay('infinite') : undefined))),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando');
  },
};

export const Busy: Story = {
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.pending()),
  args: Update.args,
  play: async () => {
    await form();
    await waitFor(() => expect(select('País')).toHaveValue('Chile'));
    await userEvent.type(screen.getByRole('textbox', { name: /^Abreviatura/ }), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await waitFor(() => expect(within(screen.getByRole('form')).getByRole('button', { name: /GUARDAR CAMBIOS/ })).toBeDisabled());
  },
};

/** The name repeats one of the same farm: said in plain words. */
export const Conflict: Story = {
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.duplicate(['fundoid', 'ubicacion'])),
  args: Update.args,
  play: async () => {
    await form();
    await waitFor(() => expect(select('País')).toHaveValue('Chile'));
    await userEvent.type(screen.getByRole('textbox', { name: /^Ubicación/ }), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await waitFor(() => expect(screen.getAllByText(/ya existe/i).length).toBeGreaterThan(0));
  },
};
