import { HStack, Stack, Text } from '@chakra-ui/react';
import { TABLE_NAMES } from '@camposense/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { TableIcon } from './table-icons';

const meta = {
  title: 'UI/TableIcon',
  component: TableIcon,
  args: { table: 'pais', size: 18 },
  argTypes: { table: { control: 'select', options: TABLE_NAMES }, size: { control: { type: 'number', min: 12, max: 48 } } },
  decorators: [(Story) => <div style={{ padding: 16 }}><Story /></div>],
} satisfies Meta<typeof TableIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One table's icon, from the Controls. */
export const One: Story = {};

/** Every table with its icon, as the collapsed parameters rail tells them apart. */
export const Every: Story = {
  render: ({ size }) => (
    <Stack gap="2">
      {TABLE_NAMES.map((table) => (
        <HStack key={table} gap="3" data-testid="table-icon">
          <TableIcon table={table} size={size} />
          <Text fontSize="sm">{table}</Text>
        </HStack>
      ))}
    </Stack>
  ),
  play: async () => {
    await expect(screen.getAllByTestId('table-icon').length).toBe(TABLE_NAMES.length);
  },
};
