import type { Meta, StoryObj } from '@storybook/react-vite';
import { DevPlaceholder } from './dev-placeholder';

const meta = {
  title: 'UI/DevPlaceholder',
  component: DevPlaceholder,
  args: { farm: null, entity: null, location: null, dateRange: null },
} satisfies Meta<typeof DevPlaceholder>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingSelected: Story = {};
export const AllSelected: Story = {
  args: { farm: 'San José', entity: 'Palta', location: 'Lote 3', dateRange: '14/11 - 21/11', subject: 'reportes-graficos' },
};
export const English: Story = { ...AllSelected, globals: { language: 'en' } };
