import { nodeHealthFixture, nodeMapAllUnplacedFixture, nodeMapEmptyFixture, nodeMapHandlers, nodeMapWithoutCoordinatesFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { NodeMapView } from './node-map-view';

const meta = {
  title: 'Reports/NodeMap/NodeMapView',
  component: NodeMapView,
  // The fallback map in every story: no WebGL canvas, no tile request, the same picture each run.
  args: { scope: { paisId: 1, empresaId: 1, fundoId: 1, ubicacionId: null }, onOpenCharts: fn(), renderer: 'fallback' },
  parameters: { viewport: { defaultViewport: 'desktop' } },
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.map(), ...nodeMapHandlers.health());
  },
} satisfies Meta<typeof NodeMapView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The farm's nodes in every state, a cluster, the legend and the list toggle. */
export const Loaded: Story = {
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'NODO-SJO-03 · SILENCIOSO' })).toBeVisible();
    await expect(screen.getByRole('list', { name: 'Leyenda' })).toBeVisible();
    await expect(screen.getByRole('button', { name: /^3 nodos: / })).toBeVisible();
  },
};

/** A marker opened with the keyboard: its card, with its last values and the ways on. */
export const MarkerOpened: Story = {
  play: async ({ args }) => {
    const marker = await screen.findByRole('button', { name: 'NODO-SJO-02 · ALERTA' });
    marker.focus();
    await userEvent.keyboard('{Enter}');
    const card = await screen.findByRole('dialog', { name: 'NODO-SJO-02' });
    await expect(card).toHaveTextContent('31,6 °C');
    await userEvent.click(within(card).getByRole('button', { name: 'VER GRÁFICOS' }));
    await expect(args.onOpenCharts).toHaveBeenCalledWith(2);
  },
};

/** From a marker to the node's health panel. */
export const HealthFromMarker: Story = {
  args: { initialSelectedId: 1 },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'VER SALUD' }));
    await expect(await screen.findByRole('heading', { name: 'SALUD DEL NODO · NODO-SJO-01' })).toBeVisible();
    await expect(screen.getByText('0016c001ff10a235')).toBeVisible();
  },
};

export const ListAlternative: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'VER COMO LISTA' }));
    const table = screen.getByRole('table', { name: 'Nodos del mapa' });
    await expect(within(table).getAllByRole('row')).toHaveLength(8);
    await userEvent.click(within(table).getByRole('button', { name: 'NODO-SJO-04' }));
    await expect(await screen.findByRole('dialog', { name: 'NODO-SJO-04' })).toBeVisible();
  },
};

export const WithoutCoordinates: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.map(nodeMapWithoutCoordinatesFixture));
  },
  play: async () => expect(await screen.findByText('2 nodos sin coordenadas no aparecen en el mapa')).toBeVisible(),
};

/** Nodes in the scope, none placed: said, and where to place them. */
export const AllWithoutCoordinates: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.map(nodeMapAllUnplacedFixture));
  },
  play: async () => expect(await screen.findByText('Ninguno de los 3 nodos de esta selección tiene coordenadas')).toBeVisible(),
};

export const Empty: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.map(nodeMapEmptyFixture));
  },
  play: async () => expect(await screen.findByText('No hay nodos en esta selección')).toBeVisible(),
};

export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.mapPending());
  },
  play: async () => expect(await screen.findByText('Cargando mapa...')).toBeVisible(),
};

export const Error: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.mapError());
  },
  play: async () => expect(await screen.findByText('Error al cargar el mapa de nodos')).toBeVisible(),
};

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'NODO-SJO-03 · SILENT' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'SHOW AS LIST' })).toBeVisible();
  },
};

export const WithoutCoordinatesEnglish: Story = {
  ...WithoutCoordinates,
  globals: { language: 'en' },
  play: async () => expect(await screen.findByText('2 nodes without coordinates are not on the map')).toBeVisible(),
};

export const ListAlternativeEnglish: Story = {
  args: { initialList: true },
  globals: { language: 'en' },
  play: async () => expect(await screen.findByRole('table', { name: 'Nodes of the map' })).toBeVisible(),
};

/** The health panel opened from a marker, in English. */
export const HealthFromMarkerEnglish: Story = {
  args: { initialSelectedId: 1 },
  globals: { language: 'en' },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'SHOW HEALTH' }));
    await expect(await screen.findByRole('heading', { name: `NODE HEALTH · ${nodeHealthFixture.nodo}` })).toBeVisible();
  },
};

const PHONE_WIDTH = 390;

/** Nothing on a phone reaches past its width: the page does not scroll sideways. */
async function fitsThePhone(...elements: HTMLElement[]) {
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(PHONE_WIDTH);
  }
}

/** On a phone: the map, its legend and the list toggle within the width. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'NODO-SJO-03 · SILENCIOSO' })).toBeVisible();
    await fitsThePhone(screen.getByRole('list', { name: 'Leyenda' }), screen.getByRole('button', { name: 'VER COMO LISTA' }));
  },
};

/** A node's card on a phone: whole, with its ways on in reach. */
export const PhoneMarkerOpened: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'NODO-SJO-02 · ALERTA' }));
    const card = await screen.findByRole('dialog', { name: 'NODO-SJO-02' });
    await fitsThePhone(card, within(card).getByRole('button', { name: 'VER GRÁFICOS' }), within(card).getByRole('button', { name: 'VER SALUD' }));
  },
};

/** The health panel on a phone. */
export const PhoneHealth: Story = {
  args: { initialSelectedId: 1 },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'VER SALUD' }));
    const heading = await screen.findByRole('heading', { name: 'SALUD DEL NODO · NODO-SJO-01' });
    await fitsThePhone(heading);
  },
};

/** The list alternative on a phone: the table scrolls inside its own frame if it must. */
export const PhoneList: Story = {
  args: { initialList: true },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await expect(await screen.findByRole('table', { name: 'Nodos del mapa' })).toBeVisible();
    await fitsThePhone();
  },
};
