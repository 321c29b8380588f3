import { Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ReportFrame } from './report-frame';

const meta = {
  title: 'Reports/ReportFrame',
  component: ReportFrame,
  args: { title: 'REGISTRO DE ALERTAS', total: 17638, onExport: fn(async () => undefined), children: <Text p="4">…</Text> },
} satisfies Meta<typeof ReportFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const English: Story = { args: { title: 'ALERTS REGISTRY' }, globals: { language: 'en' } };

/** The export button asks for the CSV of what the filters select. */
export const Exporting: Story = {
  args: { onExport: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement, args }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    await userEvent.click(buttons[0]!);
    await expect(args.onExport).toHaveBeenCalledOnce();
  },
};
