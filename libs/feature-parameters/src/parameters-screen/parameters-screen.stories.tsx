import type { Meta, StoryObj } from '@storybook/react-vite';
import { ParametersScreen } from './parameters-screen';

const meta = {
  title: 'Parameters/ParametersScreen',
  component: ParametersScreen,
  args: { table: 'pais', operation: 'status', canWrite: true },
} satisfies Meta<typeof ParametersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Status: Story = {};
export const Insert: Story = { args: { table: 'empresa', operation: 'insert' } };
/** A `user` asked for a write operation anyway (by URL): a clear read-only message. */
export const ReadOnlyRole: Story = { args: { table: 'empresa', operation: 'insert', canWrite: false } };
export const ReadOnlyRoleEnglish: Story = { ...ReadOnlyRole, globals: { language: 'en' } };
