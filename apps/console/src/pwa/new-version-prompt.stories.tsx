import { SignedOutUpdatePrompt, UpdatePrompt } from '@camposense/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { NewVersionPrompt } from './new-version-prompt';
import { dismissUpdate, offerUpdate } from './update-store';

const activate = fn();

/** The prompt of a waiting version, as the service worker's client offers it (update-store.ts). */
const meta = {
  title: 'Console/NewVersionPrompt',
  component: NewVersionPrompt,
  args: { prompt: SignedOutUpdatePrompt },
  decorators: [(Story) => <div style={{ minHeight: 200 }}><Story /></div>],
  beforeEach: () => {
    activate.mockClear();
    offerUpdate(activate);
    return dismissUpdate;
  },
} satisfies Meta<typeof NewVersionPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

const prompt = () => screen.findByRole('alertdialog', { name: /^(Hay una nueva versión de CampoSense\.|A new version of CampoSense is available\.)$/ });

/** On the sign-in (plain CSS): Update switches to the waiting version. */
export const OnSignIn: Story = {
  play: async () => {
    await expect(await prompt()).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^(Actualizar|Update)$/ }));
    await expect(activate).toHaveBeenCalled();
  },
};
export const OnSignInEnglish: Story = { ...OnSignIn, globals: { language: 'en' } };

/** In the signed-in console (Chakra): Later hides it until the next version. */
export const InConsole: Story = {
  args: { prompt: UpdatePrompt },
  play: async () => {
    await expect(await prompt()).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^(Más tarde|Later)$/ }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(activate).not.toHaveBeenCalled();
  },
};
