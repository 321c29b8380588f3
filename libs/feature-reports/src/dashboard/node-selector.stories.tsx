import { Box } from '@chakra-ui/react';
import { nodosFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { NodeDetails, NodeSelector } from './node-selector';

const meta = {
  title: 'Reports/Dashboard/NodeSelector',
  component: NodeSelector,
  args: { nodes: nodosFixture, selectedId: null, onSelect: fn() },
  decorators: [
    (Story) => (
      <Box p="4" w="20rem">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof NodeSelector>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Selected: Story = { args: { selectedId: 2 } };
export const Empty: Story = {
  args: { nodes: [] },
  play: async () => {
    await expect(screen.getByText('No hay nodos en esta selección')).toBeVisible();
  },
};
/** Searching by DevEUI: the two nodes whose DevEUI ends in C2D… */
export const Searching: Story = {
  args: { initialQuery: 'c2d' },
  play: async () => {
    await expect(screen.getAllByRole('option')).toHaveLength(2);
  },
};
/** Searching by location, accents ignored. */
export const SearchingByLocation: Story = { args: { initialQuery: 'lote 2' } };
export const NoMatch: Story = {
  args: { initialQuery: 'invernadero' },
  play: async () => {
    await expect(screen.getByText('Ningún nodo coincide con «invernadero»')).toBeVisible();
  },
};
export const Loading: Story = { args: { loading: true } };
export const Error: Story = { args: { error: true, onRetry: fn() } };
export const English: Story = { ...Searching, globals: { language: 'en' } };

/** The node tooltip's content: DevEUI, location, fund, company, country, entity, coordinates, last measurement and hour. */
export const NodeTooltip: StoryObj<typeof NodeDetails> = {
  render: () => (
    <Box p="4" maxW="24rem" borderWidth="1px" borderRadius="md">
      <NodeDetails node={nodosFixture[0]!} />
    </Box>
  ),
  play: async () => {
    await expect(screen.getByText('A84041000181C2D1')).toBeVisible();
    await expect(screen.getByText('-8.414021, -78.752113')).toBeVisible();
    await expect(screen.getByText('21/11/2026')).toBeVisible();
    await expect(screen.getByText('10:20')).toBeVisible();
  },
};
export const NodeTooltipNeverReported: StoryObj<typeof NodeDetails> = {
  render: () => (
    <Box p="4" maxW="24rem" borderWidth="1px" borderRadius="md">
      <NodeDetails node={nodosFixture[3]!} />
    </Box>
  ),
};

/** A node with open threshold alarms: the tooltip counts them. */
export const NodeTooltipActiveAlerts: StoryObj<typeof NodeDetails> = {
  render: () => (
    <Box p="4" maxW="24rem" borderWidth="1px" borderRadius="md">
      <NodeDetails node={nodosFixture[1]!} />
    </Box>
  ),
  play: async () => {
    await expect(screen.getByText('Alertas activas')).toBeVisible();
    await expect(screen.getByText('2')).toBeVisible();
  },
};
/** A silent node: the tooltip says since when it sends nothing. */
export const NodeTooltipSilent: StoryObj<typeof NodeDetails> = {
  render: () => (
    <Box p="4" maxW="24rem" borderWidth="1px" borderRadius="md">
      <NodeDetails node={nodosFixture[2]!} />
    </Box>
  ),
  play: async () => {
    await expect(screen.getByText('Sin datos desde')).toBeVisible();
    await expect(screen.getByText('21/11/2026, 09:55')).toBeVisible();
  },
};
export const NodeTooltipSilentEnglish: StoryObj<typeof NodeDetails> = {
  ...NodeTooltipSilent,
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByText('No data since')).toBeVisible();
  },
};

/** Last seen on every node; NODO-SJO-02 with two active alerts, NODO-SJO-03 silent past its window. */
export const AlarmMarks: Story = {
  play: async () => {
    await expect(screen.getByText('2 alertas activas')).toBeVisible();
    await expect(screen.getByText('SIN DATOS')).toBeVisible();
    await expect(screen.getByText('Sin datos nunca recibidos')).toBeVisible();
    await expect(screen.getAllByText(/^Último dato: /)).toHaveLength(3);
  },
};
export const AlarmMarksEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByText('2 active alerts')).toBeVisible();
    await expect(screen.getByText('NO DATA')).toBeVisible();
  },
};
/** A silent node whose no-data alarm was acknowledged: still marked, in grey. */
export const SilenceAcknowledged: Story = {
  args: {
    nodes: nodosFixture.map((node) =>
      node.episodioSinDatos ? { ...node, episodioSinDatos: { ...node.episodioSinDatos, statusid: -1 } } : node,
    ),
  },
  play: async () => {
    await expect(screen.getByText('SIN DATOS · RECONOCIDO')).toBeVisible();
  },
};
