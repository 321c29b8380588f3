import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { writesLocked, WRITES_LOCKED_REASON } from '../testing/writes-locked';
import { RecordForm } from './record-form';
import type { RecordFormField } from './record-form';

const required = (value: unknown) => (value === null || value === '' ? 'Campo requerido' : null);

const fields: RecordFormField[] = [
  { name: 'nodo', label: 'Nodo', kind: 'text', required: true, validate: required },
  { name: 'deveui', label: 'DevEUI', kind: 'text', helperText: '16 caracteres hexadecimales (0-9, A-F)' },
  { name: 'latitud', label: 'Latitud', kind: 'number' },
  { name: 'referencia', label: 'Referencia', kind: 'longText' },
  { name: 'login', label: 'Correo electrónico', kind: 'email' },
  { name: 'password', label: 'Contraseña', kind: 'password' },
  { name: 'activo', label: 'Activo', kind: 'boolean' },
  {
    name: 'paisid',
    label: 'País',
    kind: 'select',
    required: true,
    options: [
      { value: 1, label: 'Perú' },
      { value: 2, label: 'Chile' },
    ],
    validate: required,
  },
];

const meta = {
  title: 'UI/RecordForm',
  component: RecordForm,
  argTypes: {
    notice: { control: false },
    actions: { control: false },
  },
  args: {
    label: 'Nuevo registro',
    fields,
    defaultValues: { nodo: '', deveui: '', latitud: '', referencia: '', login: '', password: '', activo: true, paisid: null },
    onSubmit: fn(),
    submitLabel: 'CREAR',
    requiredNote: '(*) Campo requerido',
  },
  decorators: [(Story) => <div style={{ padding: 24, maxWidth: 800 }}><Story /></div>],
} satisfies Meta<typeof RecordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind of input, blank. */
export const Empty: Story = {};

export const Filled: Story = {
  args: {
    defaultValues: { nodo: 'Nodo 9', deveui: '70B3D57ED0000009', latitud: '-8.41', referencia: 'Junto al canal', login: 'ana@campo.pe', password: '', activo: false, paisid: 1 },
  },
};

/** The checks run on submit and mark each field; nothing is sent. */
export const ValidationErrors: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findAllByText('Campo requerido')).toHaveLength(2);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Errors from the server, on their fields. */
export const ServerErrors: Story = { args: { fieldErrors: { deveui: 'El DevEUI ya está registrado', login: 'Correo electrónico inválido' } } };

export const Busy: Story = { args: { busy: true } };

export const WithNotice: Story = {
  args: { notice: <div role="alert">Otra persona cambió este registro</div> },
};

/** Offline (issue 30, item 2): the submit is disabled and says why; nothing can be sent. */
export const OfflineLocked: Story = {
  ...Filled,
  decorators: [writesLocked],
  play: async ({ args }) => {
    const submit = screen.getByRole('button', { name: 'CREAR' });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(WRITES_LOCKED_REASON);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const OfflineLockedEnglish: Story = { ...OfflineLocked, globals: { language: 'en' } };
