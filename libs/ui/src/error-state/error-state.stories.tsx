import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ErrorBox } from './error-box';
import { ErrorState } from './error-state';

const meta = {
  title: 'UI/ErrorState',
  component: ErrorState,
  args: { message: 'Error al cargar las alertas', onRetry: fn() },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithRetry: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const WithoutRetry: Story = {
  args: { onRetry: undefined, message: 'Error al cargar el componente' },
};

export const InlineBox: Story = {
  render: () => <ErrorBox m="6" maxW="26rem" message="Invalid credentials" />,
};

export const InlineBoxWithTitle: Story = {
  render: () => <ErrorBox m="6" maxW="26rem" title="No se pudo iniciar sesión" message="Usuario no encontrado" />,
};
