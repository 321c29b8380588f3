import { Flex } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatusCard } from '../status-card/status-card';
import { MAIN_SECTIONS, MainSidebar } from './main-sidebar';

const meta = {
  title: 'UI/MainSidebar',
  component: MainSidebar,
  args: { activeSection: null, onSelect: fn(), expanded: true, pinned: false },
  argTypes: {
    activeSection: { control: 'select', options: [null, ...MAIN_SECTIONS] },
    // Slots and handlers the shell fills: nothing a designer types in.
    filters: { control: false },
    status: { control: false },
    hoverHandlers: { control: false },
    itemProps: { control: false },
  },
  decorators: [(Story) => <Flex h="100vh"><Story /></Flex>],
} satisfies Meta<typeof MainSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = <StatusCard connection="live" activeTime="1 h 05 min" sensors={60} activeAlerts={128} />;

export const Expanded: Story = { args: { status } };
/** On welcome the main sidebar takes its width in the layout instead of overlaying. */
export const Pinned: Story = { args: { status, pinned: true } };
export const Collapsed: Story = { args: { expanded: false, activeSection: 'reportes' } };
export const ReportsActive: Story = { args: { activeSection: 'reportes', status } };
export const ParametersActive: Story = { args: { activeSection: 'parameters' } };
export const ThresholdsActive: Story = { args: { activeSection: 'umbrales' } };
export const English: Story = { args: { activeSection: 'umbrales', status }, globals: { language: 'en' } };
