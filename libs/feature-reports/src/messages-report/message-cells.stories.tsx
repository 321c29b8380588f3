import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { MessageText } from './message-cells';

const TEXT = 'ALERTA Alta: Humedad 12.4 % fuera de rango [18–35] en NODO-AGV-01 (Fundo San José, Lote 3) a las 14:30';

const meta = {
  title: 'Reports/MessageText',
  component: MessageText,
  args: { text: TEXT, title: 'Mensaje 8010', showFullLabel: 'Ver el mensaje completo' },
  // The cell takes the width its column gives it: here, a column of 20rem.
  decorators: [
    (Story) => (
      <Box w="20rem" pb="40">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof MessageText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Cut to one line; the whole text on hover (title) and for screen readers. */
export const Long: Story = {};
export const Short: Story = { args: { text: 'Riego completado' } };

/** A click shows the whole text in a popover, headed by the message's id. */
export const FullText: Story = {
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: TEXT }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensaje 8010' });
    await expect(dialog).toHaveTextContent(TEXT);
  },
};
