import { nodeMapFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import MapLibreNodeMap from './maplibre-node-map';

/** A style with no sources: the story fetches no tile, as a map with no tiles reachable shows nothing under the markers. */
const NO_TILES = { version: 8 as const, sources: {}, layers: [] };

const meta = {
  title: 'Reports/NodeMap/MapLibreNodeMap',
  component: MapLibreNodeMap,
  args: { nodes: nodeMapFixture.nodos, selectedId: null, onSelect: fn(), mapStyle: NO_TILES },
} satisfies Meta<typeof MapLibreNodeMap>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * MapLibre GL (WebGL) with no tiles: the markers, clustered, and MapLibre's scale on the plain
 * background. Its canvas draws nothing but the background, so the screenshot is the markers'.
 */
export const NoTiles: Story = {
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'NODO-SJO-02 · ALERTA' }, { timeout: 15_000 })).toBeVisible();
    // Clusters are formed once the map has loaded and placed the markers.
    await waitFor(() => expect(screen.getByRole('button', { name: /^3 nodos: / })).toBeVisible(), { timeout: 15_000 });
    await waitFor(() => expect(document.querySelector('.maplibregl-ctrl-scale')?.textContent).toMatch(/\d+\s?m/));
  },
};
