import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
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

/** What the console's api client throws when a request gets no answer (its ApiError, code NETWORK). */
const noAnswer = Object.assign(new Error('Failed to fetch'), { name: 'ApiError', code: 'NETWORK' });

/** No answer from the server: what failed as the heading, the lost connection in the reader's words, a retry; never "Failed to fetch". */
export const NetworkFailure: Story = {
  args: { error: noAnswer },
  play: async ({ args, userEvent }) => {
    const alert = screen.getByRole('alert');
    await expect(alert).toHaveTextContent(/^(Error al cargar las alertas|Error loading alerts)/);
    await expect(alert).toHaveTextContent(/(No se pudo conectar con el servidor\. Revisa tu conexión e inténtalo de nuevo\.|Could not connect to the server\. Check your connection and try again\.)/);
    await expect(alert).not.toHaveTextContent('Failed to fetch');
    await userEvent.click(screen.getByRole('button', { name: /^(Reintentar|Retry)$/ }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
export const NetworkFailureEnglish: Story = { ...NetworkFailure, args: { ...NetworkFailure.args, message: 'Error loading alerts' }, globals: { language: 'en' } };
