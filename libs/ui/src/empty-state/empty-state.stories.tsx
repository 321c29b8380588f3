import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from './empty-state';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  argTypes: {
    icon: { control: false },
  },
  args: {
    title: 'No hay alertas',
    description: 'No se encontraron registros de alertas en la base de datos',
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithDescription: Story = {};
export const TitleOnly: Story = { args: { description: undefined } };
