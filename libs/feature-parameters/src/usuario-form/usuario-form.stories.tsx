import { tableWriteHandlers, usuarioHandlers } from '@camposense/data-access/testing';
import { toastShown } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ParametersScreen } from '../parameters-screen/parameters-screen';
import { parametersMeta, withParametersApi, withSwitchTo } from '../testing/story-shell';
import { UsuarioForm } from './usuario-form';

const luis = { usuarioid: 2, login: 'operador@camposense.dev', firstname: 'Luis', lastname: 'Rojas', rol: 'user', statusid: 1 };
const ana = { usuarioid: 1, login: 'admin@camposense.dev', firstname: 'Ana', lastname: 'Quispe', rol: 'admin', statusid: 1 };

const withSwitch = withSwitchTo('Estado');

const meta = {
  title: 'Parameters/UsuarioForm',
  component: UsuarioForm,
  args: { mode: 'insert' },
  ...parametersMeta,
} satisfies Meta<typeof UsuarioForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = () => screen.findByRole('form', { name: /^(Nuevo usuario|New user|Editar usuario)$/ });
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

async function fill(login: string, password: string, confirmation: string) {
  await form();
  await userEvent.type(field(/^Correo electrónico/), login);
  await userEvent.type(field(/^Nombre/), 'María');
  await userEvent.type(field(/^Apellido/), 'Torres');
  await userEvent.type(field(/^Contraseña/), password);
  await userEvent.type(field(/^Confirmar contraseña/), confirmation);
}

/** A new user: e-mail, password and its confirmation required (*), role user and active by default. */
export const Empty: Story = {
  play: async () => {
    await form();
    await expect(screen.getByText('(*) Campo requerido')).toBeVisible();
    await expect(field(/^Correo electrónico/)).toBeRequired();
    await expect(screen.getByRole('combobox', { name: /^Rol/ })).toHaveValue('Usuario');
    await expect(screen.getByRole('combobox', { name: /^Idioma de los avisos/ })).toHaveValue('Español');
  },
};

export const EmptyEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await form();
    await expect(screen.getByText('(*) Required field')).toBeVisible();
    await expect(field(/^Confirm password/)).toBeVisible();
  },
};

export const Filled: Story = {
  play: async () => {
    await fill('Maria.Torres@CampoSense.dev', 'riego-por-goteo-77', 'riego-por-goteo-77');
    await expect(field(/^Correo electrónico/)).toHaveValue('Maria.Torres@CampoSense.dev');
  },
};

/** Checked before sending: a malformed e-mail, a short password, a confirmation that differs. */
export const ValidationErrors: Story = {
  play: async () => {
    await fill('maria.torres', 'corta', 'otra');
    await userEvent.type(field(/^Abreviatura/), 'MARIATORRES');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('Correo electrónico inválido')).toBeVisible();
    await expect(screen.getByText('Debe tener como máximo 10 caracteres')).toBeVisible();
    await expect(screen.getByText('La contraseña debe tener al menos 10 caracteres y no puede ser el correo')).toBeVisible();
    await expect(screen.getByText('Las contraseñas no coinciden')).toBeVisible();
  },
};

/** 409: the e-mail is someone's login already; said on the e-mail field. */
export const ServerConflict: Story = {
  beforeEach: withParametersApi(...tableWriteHandlers.duplicate(['login'])),
  play: async () => {
    await fill('operador@camposense.dev', 'riego-por-goteo-77', 'riego-por-goteo-77');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('El correo electrónico ya existe')).toBeVisible();
  },
};

/** The server's own check: a guessable password, on the password field. */
export const GuessablePassword: Story = {
  beforeEach: withParametersApi(...tableWriteHandlers.invalid([{ field: 'password', rule: 'weakPassword' }])),
  play: async () => {
    await fill('maria.torres@camposense.dev', 'password1234', 'password1234');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('Contraseña débil: use al menos 10 caracteres, distinta del correo y difícil de adivinar')).toBeVisible();
  },
};

export const Busy: Story = {
  beforeEach: withParametersApi(...tableWriteHandlers.pending()),
  play: async () => {
    await fill('maria.torres@camposense.dev', 'riego-por-goteo-77', 'riego-por-goteo-77');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /CREAR/ })).toBeDisabled());
  },
};

/** Saved: a toast naming the lower-cased login, the form empty again. Her alerts will come in English. */
export const Saved: Story = {
  play: async () => {
    await fill('Maria.Torres@CampoSense.dev', 'riego-por-goteo-77', 'riego-por-goteo-77');
    await userEvent.type(field(/^Abreviatura/), 'MTORRES');
    await userEvent.click(screen.getByRole('combobox', { name: /^Idioma de los avisos/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'English' }));
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await waitFor(() => expect(toastShown('Usuario creado')).toBe(true), { timeout: 10_000 });
    await expect(screen.getByText('maria.torres@camposense.dev ya puede iniciar sesión')).toBeVisible();
    await waitFor(() => expect(field(/^Correo electrónico/)).toHaveValue(''));
  },
};

/** Update: a name changed and saved without retyping the password. */
export const UpdateWithoutPassword: Story = {
  args: { mode: 'update', row: luis, etag: '"fixture-v1"' },
  play: async () => {
    await form();
    await expect(screen.getByText('Déjela en blanco para no cambiarla')).toBeVisible();
    await userEvent.clear(field(/^Apellido/));
    await userEvent.type(field(/^Apellido/), 'Rojas Vega');
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await waitFor(() => expect(toastShown('Registro actualizado')).toBe(true), { timeout: 10_000 });
  },
};

/** Update: a new password needs its confirmation. */
export const UpdatePasswordMismatch: Story = {
  args: { mode: 'update', row: luis, etag: '"fixture-v1"' },
  play: async () => {
    await form();
    await userEvent.type(field(/^Contraseña/), 'riego-por-goteo-77');
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await expect(await screen.findByText('Campo requerido')).toBeVisible();
  },
};

/** 409 CONSTRAINT lastAdmin: the only admin cannot lose the role; the reason on the role field. */
export const LastAdmin: Story = {
  args: { mode: 'update', row: ana, etag: '"fixture-v1"' },
  beforeEach: withParametersApi(...usuarioHandlers.refused('lastAdmin', 'rol')),
  play: async () => {
    await form();
    await userEvent.click(screen.getByRole('combobox', { name: /^Rol/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Usuario' }));
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    await expect(await screen.findByText('La consola necesita al menos un administrador activo: asigne el rol a otra persona primero')).toBeVisible();
  },
};

/** Spec section 5: a typed e-mail makes the form dirty; switching sub-tab asks with the modal. */
export const UnsavedChanges: Story = {
  decorators: [withSwitch],
  play: async () => {
    await form();
    await userEvent.type(field(/^Correo electrónico/), 'maria');
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('«Estado»');
    await expect(within(dialog).getByRole('button', { name: 'CANCELAR' })).toBeVisible();
  },
};

/** A `user` role on the users' create sub-tab: the parameters screen says the role only reads. */
export const ReadOnly: Story = {
  render: () => <ParametersScreen table="usuario" operation="insert" canWrite={false} />,
  play: async () => {
    await expect(await screen.findByText('Solo lectura')).toBeVisible();
    await expect(screen.queryByRole('form')).toBeNull();
  },
};
