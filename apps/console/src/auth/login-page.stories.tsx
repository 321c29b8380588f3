import { AuthProvider, EMAIL_STORAGE_KEY } from '@camposense/data-access';
import { authHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
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
