import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessageText } from './message-cells';

const meta = {
  title: 'Reports/MessageText',
  component: MessageText,
  args: { text: 'ALERTA Alta: Humedad 12.4 % fuera de rango [18–35] en NODO-AGV-01 (Fundo San José, Lote 3) a las 14:30' },
} satisfies Meta<typeof MessageText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Cut to one line; the whole text on hover (title) and for screen readers. */
export const Long: Story = {};
export const Short: Story = { args: { text: 'Riego completado' } };
