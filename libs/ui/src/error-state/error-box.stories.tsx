import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ErrorBox } from './error-box';

/** The inline error box of forms and panels (login, thresholds): an alert screen readers announce. */
const meta = {
  title: 'UI/ErrorBox',
  component: ErrorBox,
  args: { message: 'Usuario no encontrado', m: '6', maxW: '26rem' },
  argTypes: { title: { control: 'text' }, message: { control: 'text' } },
} satisfies Meta<typeof ErrorBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Message: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Usuario no encontrado');
  },
};

export const WithTitle: Story = {
  args: { title: 'No se pudo iniciar sesión' },
};

/** A long server message wraps inside the box. */
export const LongMessage: Story = {
  args: { message: 'El servidor no respondió a tiempo. Revisa la conexión e inténtalo de nuevo; si el problema sigue, avisa al administrador.' },
};
