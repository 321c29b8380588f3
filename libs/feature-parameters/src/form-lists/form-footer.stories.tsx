import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { FormFooter } from './form-footer';

const meta = {
  title: 'Parameters/FormFooter',
  component: FormFooter,
  args: { failure: null, busy: false, submitLabel: 'ASIGNAR', busyLabel: 'ASIGNANDO...' },
  decorators: [(Story) => <form>{<Story />}</form>],
} satisfies Meta<typeof FormFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async () => {
    await expect(screen.getByText('(*) Campo requerido')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'ASIGNAR' })).toBeEnabled();
  },
};

/** While the save is under way the button says so and cannot be pressed again. */
export const Busy: Story = {
  args: { busy: true },
  play: async () => {
    await expect(screen.getByRole('button', { name: /ASIGNANDO/ })).toBeDisabled();
  },
};

/** A failed save's reason above the button. */
export const Failed: Story = {
  args: { failure: 'Uno de los registros elegidos ya no existe. Actualice las listas y elija otro.' },
  play: async () => {
    await expect(screen.getByText('No se pudo guardar')).toBeVisible();
    await expect(screen.getByText(/ya no existe/)).toBeVisible();
  },
};

export const IdleEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByText('(*) Required field')).toBeVisible();
  },
};
