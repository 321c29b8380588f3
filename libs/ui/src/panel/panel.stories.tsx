import { Stack, Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { Panel } from './panel';

const meta = {
  title: 'UI/Panel',
  component: Panel,
  argTypes: {
    variant: { control: 'inline-radio', options: ['outline', 'dashed'] },
    children: { control: false },
  },
  args: {
    variant: 'outline',
    maxW: '24rem',
    children: <Text>Nodos · 3 de 12</Text>,
  },
} satisfies Meta<typeof Panel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A section of a screen: the node list, the filter bar, a chart. */
export const Outline: Story = {
  play: async () => {
    await expect(screen.getByText('Nodos · 3 de 12')).toBeVisible();
  },
};

/** A screen still being built. */
export const Dashed: Story = { args: { variant: 'dashed', children: <Text>Pantalla en desarrollo</Text> } };

/** `asChild` gives the panel's look to a layout component, keeping its element and props. */
export const AsChild: Story = {
  args: {
    asChild: true,
    children: (
      <Stack as="section" aria-label="Temperatura" gap="1">
        <Text fontWeight="semibold">Temperatura</Text>
        <Text color="fg.muted">Sin datos en el rango</Text>
      </Stack>
    ),
  },
  play: async () => {
    await expect(screen.getByRole('region', { name: 'Temperatura' })).toBeVisible();
  },
};
