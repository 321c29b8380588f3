import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LoginScreen } from '../login-screen/login-screen';
import { SignedOutUpdatePrompt } from './signed-out-update-prompt';
import { Available as ChakraAvailable, Later as ChakraLater } from './update-prompt.stories';

/** UpdatePrompt on the sign-in (plain CSS): the same answers as the console's, over the sign-in form. */
const meta = {
  title: 'UI/SignedOutUpdatePrompt',
  component: SignedOutUpdatePrompt,
  args: { open: true, onUpdate: fn(), onLater: fn() },
  decorators: [
    (Story) => (
      <>
        <LoginScreen onSubmit={fn()} />
        <Story />
      </>
    ),
  ],
} satisfies Meta<typeof SignedOutUpdatePrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new version waits before anyone signs in: Update switches to it. */
export const Available: Story = { play: ChakraAvailable.play };
export const AvailableEnglish: Story = { ...Available, globals: { language: 'en' } };
export const AvailablePhone: Story = { ...Available, globals: { viewport: { value: 'phone' } } };
/** Later keeps the running version. */
export const Later: Story = { play: ChakraLater.play };
