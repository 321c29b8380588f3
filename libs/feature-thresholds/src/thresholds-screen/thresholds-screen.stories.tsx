import type { Meta, StoryObj } from '@storybook/react-vite';
import { ThresholdsScreen } from './thresholds-screen';

const meta = { title: 'Thresholds/ThresholdsScreen', component: ThresholdsScreen } satisfies Meta<typeof ThresholdsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Placeholder: Story = {};
export const PlaceholderEnglish: Story = { globals: { language: 'en' } };
