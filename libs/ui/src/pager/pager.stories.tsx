import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { Pager } from './pager';

const meta = {
  title: 'UI/Pager',
  component: Pager,
  args: { page: 1, totalPages: 12, onPageChange: fn() },
} satisfies Meta<typeof Pager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** First page: ANTERIOR is disabled. */
export const FirstPage: Story = {
  play: async ({ args }) => {
    await expect(screen.getByRole('button', { name: /ANTERIOR/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /SIGUIENTE/ }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

export const MiddlePage: Story = {
  args: { page: 6 },
  play: async () => {
    await expect(screen.getByText('PÁGINA 6 DE 12')).toBeVisible();
    await expect(screen.getByRole('button', { name: /ANTERIOR/ })).toBeEnabled();
    await expect(screen.getByRole('button', { name: /SIGUIENTE/ })).toBeEnabled();
  },
};

/** Last page: SIGUIENTE is disabled. */
export const LastPage: Story = {
  args: { page: 12 },
  play: async () => {
    await expect(screen.getByRole('button', { name: /SIGUIENTE/ })).toBeDisabled();
  },
};

export const English: Story = { args: { page: 6 }, globals: { language: 'en' } };
