import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ScopeChip } from './scope-chip';

const meta = {
  title: 'UI/ScopeChip',
  component: ScopeChip,
  args: { pais: 'Chile', empresa: null, fundo: null, onClear: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '28rem', padding: '1rem' }}>{Story()}</div>],
} satisfies Meta<typeof ScopeChip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No country chosen: every screen shows all its data, so there is nothing to show. */
export const None: Story = {
  args: { pais: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('group')).toBeNull();
  },
};

export const CountryOnly: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Filtro global: Chile' })).toBeVisible();
  },
};

export const CountryCompanyFarm: Story = {
  args: { empresa: 'Agrícola Andes', fundo: 'El Retiro' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Chile › Agrícola Andes › El Retiro')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Quitar el filtro global Chile › Agrícola Andes › El Retiro' }));
    await expect(args.onClear).toHaveBeenCalledOnce();
  },
};

/** Long names are cut with an ellipsis; the whole path is the title and the accessible name. */
export const LongNames: Story = {
  args: {
    pais: 'República Oriental del Uruguay',
    empresa: 'Sociedad Agrícola y Forestal de los Valles del Sur Limitada',
    fundo: 'Fundo Las Cuatro Esquinas del Norte Chico',
  },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group');
    await expect(group.getBoundingClientRect().width).toBeLessThanOrEqual(28 * 16);
  },
};

export const English: Story = {
  args: { empresa: 'Agrícola Andes', fundo: 'El Retiro' },
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Global filter: Chile › Agrícola Andes › El Retiro' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clear the global filter Chile › Agrícola Andes › El Retiro' })).toBeVisible();
  },
};
