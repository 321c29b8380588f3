import type { Meta, StoryObj } from '@storybook/react-vite';
import { WelcomeScreen } from './welcome-screen';

const meta = {
  title: 'UI/WelcomeScreen',
  component: WelcomeScreen,
  decorators: [(Story) => <div style={{ display: 'flex', minHeight: '100vh' }}><Story /></div>],
} satisfies Meta<typeof WelcomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = {};
export const English: Story = { globals: { language: 'en' } };
/** The fallback screen of an unknown tab: subtitle and instruction only. */
export const Fallback: Story = { args: { showTitle: false } };
