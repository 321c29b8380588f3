import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ReferenceLabel } from './reference-label';

/** A foreign-key cell of the status table: the referenced row's name, the id until it arrives. */
const meta = {
  title: 'Parameters/ReferenceLabel',
  component: ReferenceLabel,
  args: { id: 1, label: 'Agrícola Virú' },
  decorators: [(Story) => <Box p="6"><Story /></Box>],
} satisfies Meta<typeof ReferenceLabel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Named: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Agrícola Virú')).toBeVisible();
  },
};

/** Until the names arrive (or when the row is not found) the id shows. */
export const Loading: Story = {
  args: { label: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1')).toBeVisible();
  },
};

export const UnknownId: Story = {
  args: { id: 99, label: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('99')).toBeVisible();
  },
};
