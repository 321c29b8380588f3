import { Flex } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { UserMenu } from './user-menu';

const meta = {
  title: 'UI/UserMenu',
  component: UserMenu,
  args: { email: 'operador@camposense.dev', onSignOut: fn() },
  decorators: [
    (Story) => (
      <Flex justify="flex-end" p="4" minH="20rem">
        <Story />
      </Flex>
    ),
  ],
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ args, userEvent }) => {
    await expect(await screen.findByText('operador@camposense.dev')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /CERRAR SESIÓN|SIGN OUT/ }));
    await expect(args.onSignOut).toHaveBeenCalledOnce();
  },
};

export const SigningOut: Story = { args: { defaultOpen: true, signingOut: true } };

export const OpenEnglish: Story = { args: { defaultOpen: true }, globals: { language: 'en' } };
