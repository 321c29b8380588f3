import { AuthProvider } from '@camposense/data-access';
import { adminUser } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SignedInShell } from './signed-in-shell';

const meta = {
  title: 'Console/SignedInShell',
  component: SignedInShell,
  args: { user: adminUser },
  decorators: [
    (Story) => (
      <AuthProvider>
        <Story />
      </AuthProvider>
    ),
  ],
} satisfies Meta<typeof SignedInShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Welcome: Story = {};
export const WelcomeEnglish: Story = { globals: { language: 'en' } };
