import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginScreen } from './login-screen';

const meta = {
  title: 'UI/LoginScreen',
  component: LoginScreen,
  argTypes: {
    error: { control: 'text' },
  },
  args: { onSubmit: fn() },
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = {
  args: { initialEmail: 'operador@camposense.dev' },
};

export const Busy: Story = {
  args: { initialEmail: 'operador@camposense.dev', busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /INICIANDO SESIÓN|SIGNING IN/ })).toBeDisabled();
  },
};

export const InvalidCredentials: Story = {
  args: { initialEmail: 'operador@camposense.dev', error: 'Invalid credentials' },
};

export const UserNotFound: Story = {
  args: { initialEmail: 'nadie@camposense.dev', error: 'Usuario no encontrado' },
};

export const UnexpectedError: Story = {
  args: { error: 'Error inesperado durante el inicio de sesión' },
};

export const MissingFields: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /INICIAR SESIÓN|SIGN IN/ }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(await canvas.findByText(/correo electrónico es obligatorio|email is required/i)).toBeVisible();
    await expect(canvas.getByText(/contraseña es obligatoria|password is required/i)).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  args: { initialEmail: 'operador@camposense.dev', error: 'Invalid credentials' },
};

export const EnglishBusy: Story = {
  globals: { language: 'en' },
  args: { initialEmail: 'operador@camposense.dev', busy: true },
};
