import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { UpdatePrompt } from './update-prompt';

const meta = {
  title: 'UI/UpdatePrompt',
  component: UpdatePrompt,
  args: { open: true, onUpdate: fn(), onLater: fn() },
  decorators: [(Story) => <div style={{ minHeight: 200 }}><Story /></div>],
} satisfies Meta<typeof UpdatePrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new version waits: Update switches to it. */
export const Available: Story = {
  play: async ({ args }) => {
    await expect(screen.getByRole('alertdialog', { name: /^(Hay una nueva versión de CampoSense\.|A new version of CampoSense is available\.)$/ })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^(Actualizar|Update)$/ }));
    await expect(args.onUpdate).toHaveBeenCalled();
  },
};
export const AvailableEnglish: Story = { ...Available, globals: { language: 'en' } };
export const AvailablePhone: Story = { ...Available, globals: { viewport: { value: 'phone' } } };
/** Later keeps the running version. */
export const Later: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: /^(Más tarde|Later)$/ }));
    await expect(args.onLater).toHaveBeenCalled();
    await expect(args.onUpdate).not.toHaveBeenCalled();
  },
};
/** No new version (or Later chosen): nothing is shown. */
export const Hidden: Story = {
  args: { open: false },
  play: async () => {
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};
