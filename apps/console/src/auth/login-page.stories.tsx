import { AuthProvider, EMAIL_STORAGE_KEY } from '@camposense/data-access';
import { authHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { LoginPage } from './login-page';

const meta = {
  title: 'Console/LoginPage',
  component: LoginPage,
  decorators: [(Story) => <AuthProvider><Story /></AuthProvider>],
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The e-mail of the last successful sign-in in this browser fills the field. */
export const RemembersEmail: Story = {
  beforeEach: ({ msw }) => {
    localStorage.setItem(EMAIL_STORAGE_KEY, 'operador@camposense.dev');
    msw.use(authHandlers.loginFails('Invalid credentials'));
  },
  play: async () => {
    await expect(await screen.findByDisplayValue('operador@camposense.dev')).toBeVisible();
  },
};

/** Too many attempts: the visitor is told how long to wait (the API's Retry-After), not a bare error. */
export const RateLimited: Story = {
  beforeEach: ({ msw }) => {
    localStorage.setItem(EMAIL_STORAGE_KEY, 'operador@camposense.dev');
    msw.use(authHandlers.loginRateLimited(150));
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/^CONTRASEÑA/), 'una clave equivocada');
    await userEvent.click(screen.getByRole('button', { name: 'INICIAR SESIÓN' }));
    await expect(
      await screen.findByText('Demasiados intentos de inicio de sesión. Espera 3 min antes de volver a intentarlo.'),
    ).toBeVisible();
  },
};
