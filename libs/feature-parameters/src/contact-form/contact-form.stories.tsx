import { contactFormHandlers } from '@camposense/data-access/testing';
import { toastShown } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ParametersScreen } from '../parameters-screen/parameters-screen';
import { withParametersApi, withParametersShell, withSwitchTo } from '../testing/story-shell';
import { ContactForm } from './contact-form';

const meta = {
  title: 'Parameters/ContactForm',
  component: ContactForm,
  decorators: [withParametersShell],
  // A fresh fixture state per story: a contact saved in one story is not listed in the next.
  beforeEach: (context) => withParametersApi(...contactFormHandlers.working())(context),
} satisfies Meta<typeof ContactForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = () => screen.findByRole('form', { name: /^(Nueva preferencia de contacto|New contact preference)$/ });
const combobox = (name: RegExp) => screen.getByRole('combobox', { name });
const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const create = () => userEvent.click(screen.getByRole('button', { name: /^(CREAR|CREATE)$/ }));

async function choose(name: RegExp, option: string) {
  await userEvent.click(combobox(name));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(combobox(name)).toHaveValue(option));
}

/** A user, then the medium: the fields of that medium appear. */
async function chooseUserAndMethod(user: string, method: 'SMS al celular' | 'Correo electrónico') {
  await form();
  await choose(/^Usuario/, user);
  await choose(/^Medio de contacto/, method);
}

async function fillPhone(number: string) {
  await chooseUserAndMethod('Luis Rojas', 'SMS al celular');
  await choose(/^Código de país/, '+51 Perú');
  await userEvent.type(textbox(/^Número de teléfono/), number);
}

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...contactFormHandlers.loading()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...contactFormHandlers.error()),
  play: async () => {
    await expect(await screen.findByText('Error al cargar los registros de Contacto')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

/** As it opens: a user comes first, so the medium waits, saying why. */
export const Empty: Story = {
  play: async () => {
    await form();
    await expect(screen.getByText('(*) Campo requerido')).toBeVisible();
    await expect(combobox(/^Medio de contacto/)).toBeDisabled();
    await expect(combobox(/^Medio de contacto/)).toHaveAttribute('placeholder', 'Seleccione un usuario primero');
    await expect(screen.queryByRole('textbox', { name: /^Número de teléfono/ })).toBeNull();
  },
};

export const EmptyEnglish: Story = {
  ...Empty,
  globals: { language: 'en' },
  play: async () => {
    await form();
    await expect(screen.getByText('(*) Required field')).toBeVisible();
    await expect(screen.getByRole('combobox', { name: /^Contact method/ })).toHaveAttribute('placeholder', 'Select a user first');
  },
};

/** CREAR with nothing chosen: the user is required and the medium asks for one first. */
export const ValidationErrors: Story = {
  play: async () => {
    await form();
    await create();
    await expect(await screen.findByText('Campo requerido')).toBeVisible();
  },
};

/** A phone: the country's calling code and the number, spaces allowed as people write them. */
export const PhoneFilled: Story = {
  play: async () => {
    await fillPhone('987 654 321');
    await expect(textbox(/^Número de teléfono/)).toHaveValue('987 654 321');
    await expect(screen.getByText('Solo dígitos, de 6 a 15, sin el código de país')).toBeVisible();
    await expect(screen.queryByRole('textbox', { name: /^Correo electrónico/ })).toBeNull();
  },
};

/** A number with letters, then one too short: each refused with its reason, nothing sent. */
export const PhoneInvalid: Story = {
  play: async () => {
    await fillPhone('98765x321');
    await create();
    await expect(await screen.findByText('El número solo puede tener dígitos')).toBeVisible();
    await userEvent.clear(textbox(/^Número de teléfono/));
    await userEvent.type(textbox(/^Número de teléfono/), '12345');
    await create();
    await expect(await screen.findByText('El número debe tener de 6 a 15 dígitos')).toBeVisible();
  },
};

export const EmailInvalid: Story = {
  play: async () => {
    await chooseUserAndMethod('Luis Rojas', 'Correo electrónico');
    await userEvent.type(textbox(/^Correo electrónico/), 'luis.rojas@');
    await create();
    await expect(await screen.findByText('Correo electrónico inválido')).toBeVisible();
  },
};

/** Ana already has this address (in other letters' case): not added twice; her contacts are listed. */
export const AlreadyThere: Story = {
  play: async () => {
    await chooseUserAndMethod('Ana Quispe', 'Correo electrónico');
    const contacts = await screen.findByRole('table', { name: 'Contactos de Ana Quispe' });
    await expect(within(contacts).getByText('ana.quispe@camposense.dev')).toBeVisible();
    await userEvent.type(textbox(/^Correo electrónico/), 'Ana.Quispe@CampoSense.dev');
    await create();
    await expect(await screen.findByText('Este usuario ya tiene ese contacto')).toBeVisible();
  },
};

/** Saved: a toast, the user stays chosen for a second contact, and the new one is listed. */
export const SavedPhone: Story = {
  play: async () => {
    await fillPhone('987-654-321');
    await expect(screen.getByText('Este usuario aún no tiene contactos')).toBeVisible();
    await create();
    await waitFor(() => expect(toastShown('Contacto guardado')).toBe(true));
    const contacts = await screen.findByRole('table', { name: 'Contactos de Luis Rojas' });
    await expect(within(contacts).getByText('+51 987654321')).toBeVisible();
    await expect(combobox(/^Usuario/)).toHaveValue('Luis Rojas');
    await expect(combobox(/^Medio de contacto/)).toHaveValue('');
  },
};

export const SavedEmail: Story = {
  play: async () => {
    await chooseUserAndMethod('Luis Rojas', 'Correo electrónico');
    await userEvent.type(textbox(/^Correo electrónico/), ' Luis.Rojas@CampoSense.dev ');
    await create();
    await waitFor(() => expect(toastShown('Contacto guardado')).toBe(true));
    await expect(within(await screen.findByRole('table', { name: 'Contactos de Luis Rojas' })).getByText('luis.rojas@camposense.dev')).toBeVisible();
  },
};

/** While the save is under way the button says so and the form cannot be sent twice. */
export const Busy: Story = {
  beforeEach: ({ msw }) => msw.use(...contactFormHandlers.pending()),
  play: async () => {
    await fillPhone('987654321');
    await create();
    await waitFor(() => expect(screen.getByRole('button', { name: /CREAR/ })).toBeDisabled());
  },
};

/** The server fails: the form says so and keeps what was typed. */
export const ServerError: Story = {
  beforeEach: ({ msw }) => msw.use(...contactFormHandlers.failing()),
  play: async () => {
    await fillPhone('987654321');
    await create();
    await expect(await screen.findByText('No se pudo guardar')).toBeVisible();
    await expect(textbox(/^Número de teléfono/)).toHaveValue('987654321');
  },
};

/** Leaving with a user chosen: the unsaved-changes modal asks first. */
export const UnsavedChanges: Story = {
  decorators: [withSwitchTo('Estado')],
  play: async () => {
    await form();
    await choose(/^Usuario/, 'Luis Rojas');
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent('Cambios sin guardar');
  },
};

/** Through the parameters screen, for the reader role: the form is not offered. */
export const ReadOnly: Story = {
  render: () => <ParametersScreen table="contacto" operation="insert" canWrite={false} />,
  play: async () => {
    await expect(await screen.findByText('Solo lectura')).toBeVisible();
    await expect(screen.queryByRole('form')).toBeNull();
  },
};
