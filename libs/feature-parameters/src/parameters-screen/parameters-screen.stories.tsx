import { tableHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { ParametersScreen } from './parameters-screen';

const meta = {
  title: 'Parameters/ParametersScreen',
  component: ParametersScreen,
  args: { table: 'pais', operation: 'status', canWrite: true },
  beforeEach: ({ msw }) => msw.use(...tableHandlers.loaded()),
} satisfies Meta<typeof ParametersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Status shows the table view (StatusView has the stories of its states). */
export const Status: Story = {
  play: async () => {
    await expect(await screen.findByText('2 de 2 registros')).toBeVisible();
    await expect(await screen.findAllByText('Ana Quispe')).not.toHaveLength(0);
  },
};
export const Insert: Story = { args: { table: 'empresa', operation: 'insert' } };
/** A `user` asked for a write operation anyway (by URL): a clear read-only message. */
export const ReadOnlyRole: Story = { args: { table: 'empresa', operation: 'insert', canWrite: false } };
export const ReadOnlyRoleEnglish: Story = { ...ReadOnlyRole, globals: { language: 'en' } };
/** A `user` on a table's massive import (by URL): nothing to fill in, the same read-only message. */
export const ReadOnlyRoleMassive: Story = {
  args: { table: 'umbral', operation: 'massive', canWrite: false },
  play: async () => {
    await expect(await screen.findByText('Solo lectura')).toBeVisible();
    await expect(screen.queryByRole('table', { name: /^Filas para crear en/ })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'GUARDAR TODO' })).toBeNull();
  },
};
