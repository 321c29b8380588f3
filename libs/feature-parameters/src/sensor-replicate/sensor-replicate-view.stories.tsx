import { sensorReplicateHandlers } from '@camposense/data-access/testing';
import { toastShown } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ParametersScreen } from '../parameters-screen/parameters-screen';
import { withParametersApi, withParametersShell, withSwitchTo } from '../testing/story-shell';
import { SensorReplicateView } from './sensor-replicate-view';

const meta = {
  title: 'Parameters/SensorReplicateView',
  component: SensorReplicateView,
  decorators: [withParametersShell],
  // A fresh fixture state per story: sensors created in one story are not seen by the next.
  beforeEach: (context) => withParametersApi(...sensorReplicateHandlers.working())(context),
} satisfies Meta<typeof SensorReplicateView>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = () => screen.findByRole('form', { name: /^(Crear sensores y replicar|Create sensors and replicate)$/ });
const nodeSelect = () => screen.getByRole('combobox', { name: /^(Nodo|Node)$/ });
const types = () => screen.getByRole('group', { name: /^(Tipos de sonda|Probe types)/ });
const targets = () => screen.getByRole('group', { name: /^(Replicar en otros nodos|Replicate onto other nodes)/ });
const summary = () => screen.getByRole('region', { name: /^(Resumen de la selección|Selection summary)$/ });

/** Picks a node by pasting `search` (keys typed at test speed can be lost) and clicking the option `name`. */
async function chooseNode(search: string, name: string) {
  await userEvent.click(nodeSelect());
  await userEvent.paste(search);
  await userEvent.click(await screen.findByRole('option', { name }, { timeout: 3000 }));
  await waitFor(() => expect(nodeSelect()).toHaveValue(name));
}

async function tick(group: HTMLElement, name: RegExp) {
  await userEvent.click(within(group).getByRole('checkbox', { name }));
}

/** NODO-07 with the three palta soil probes (the 20 cm one it has already). */
async function fillNodo07() {
  await form();
  await chooseNode('NODO-07', 'NODO-07');
  await tick(types(), /^Sonda suelo 20 cm\s*Palta$/);
  await tick(types(), /^Sonda suelo 40 cm/);
  await tick(types(), /^Sonda suelo 60 cm/);
}

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...sensorReplicateHandlers.loading()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...sensorReplicateHandlers.error()),
  play: async () => {
    await expect(await screen.findByText('Error al cargar los registros de Sensor')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

/** No node exists yet: nothing to put probes on, and the screen says where to start. */
export const Empty: Story = {
  beforeEach: withParametersApi(...sensorReplicateHandlers.working({ nodos: [], localizaciones: [], sensors: [] })),
  play: async () => {
    await expect(await screen.findByText('No hay nodos registrados')).toBeVisible();
    await expect(screen.getByText('Cree primero un nodo en la tabla Nodo para poder registrarle sondas.')).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'CREAR' })).toBeNull();
  },
};

/** As it opens: the node select, the five active probe types, every node offered as a replica, no summary yet. */
export const Loaded: Story = {
  play: async () => {
    await form();
    await expect(nodeSelect()).toHaveValue('');
    await expect(within(types()).getAllByRole('checkbox')).toHaveLength(5);
    await expect(within(targets()).getAllByRole('checkbox')).toHaveLength(12);
    await expect(within(targets()).getByRole('checkbox', { name: /NODO-07\s*70B3D57ED0000007 · Lote Sur/ })).toBeVisible();
    await expect(screen.queryByRole('region', { name: 'Resumen de la selección' })).toBeNull();
  },
};

/**
 * A node found by its DevEUI, three probe types and one replica found by its location: the summary
 * counts them and names the pairs that exist already; the chosen node is not offered as its own replica.
 */
export const Filled: Story = {
  play: async () => {
    await form();
    await chooseNode('70B3D57ED0000007', 'NODO-07');
    await tick(types(), /^Sonda suelo 20 cm\s*Palta$/);
    await tick(types(), /^Sonda suelo 40 cm/);
    await tick(types(), /^Sonda suelo 60 cm/);
    await expect(within(summary()).getByText('3 sondas para NODO-07')).toBeVisible();
    await expect(within(targets()).queryByRole('checkbox', { name: /^NODO-07/ })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar en Replicar en otros nodos' }), 'sur');
    await waitFor(() => expect(within(targets()).getAllByRole('checkbox')).toHaveLength(4));
    await tick(targets(), /^NODO-08/);
    await expect(within(summary()).getByText('Replicadas en 1 nodo más: 6 sensores en total.')).toBeVisible();
    await expect(within(summary()).getByText('3 ya existen y se omitirán:')).toBeVisible();
    await expect(within(summary()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'NODO-07 · Sonda suelo 20 cm',
      'NODO-08 · Sonda suelo 20 cm',
      'NODO-08 · Sonda suelo 40 cm',
    ]);
  },
};

/** CREAR with nothing chosen: the node select and the probe types each say what is missing. */
export const ValidationErrors: Story = {
  play: async () => {
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('Elija un nodo')).toBeVisible();
    await expect(screen.getByText('Elija al menos un tipo de sonda')).toBeVisible();
    await expect(nodeSelect()).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The call has not answered: the button says so and cannot be pressed twice. */
export const Busy: Story = {
  beforeEach: withParametersApi(...sensorReplicateHandlers.pending()),
  play: async () => {
    await fillNodo07();
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /CREANDO/ })).toBeDisabled());
  },
};

/** Two probe types on NODO-07 and NODO-08: one sensor is new, three existed; the toast says both and the form empties. */
export const Saved: Story = {
  play: async () => {
    await form();
    await chooseNode('NODO-07', 'NODO-07');
    await tick(types(), /^Sonda suelo 20 cm\s*Palta$/);
    await tick(types(), /^Sonda suelo 40 cm/);
    await tick(targets(), /^NODO-08/);
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await waitFor(() => expect(toastShown('Sensores creados')).toBe(true), { timeout: 10_000 });
    await expect(screen.getByText('Se creó 1 sensor. 3 ya existían y se dejaron igual.')).toBeVisible();
    await waitFor(() => expect(nodeSelect()).toHaveValue(''));
    await expect(within(types()).getByText('0 elegidos')).toBeVisible();
  },
};

/** 409: a chosen probe type was deleted meanwhile; nothing is written and the reason is shown. */
export const ServerConflict: Story = {
  beforeEach: withParametersApi(...sensorReplicateHandlers.conflict()),
  play: async () => {
    await fillNodo07();
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('Lo elegido en Tipo ya no existe. Actualice la lista y elija otro.')).toBeVisible();
    // The choice stays, to be corrected.
    await expect(nodeSelect()).toHaveValue('NODO-07');
  },
};

/** 500: the server's words are shown. */
export const ServerError: Story = {
  beforeEach: withParametersApi(...sensorReplicateHandlers.serverError()),
  play: async () => {
    await fillNodo07();
    await userEvent.click(screen.getByRole('button', { name: 'CREAR' }));
    await expect(await screen.findByText('Error interno del servidor')).toBeVisible();
  },
};

/** Spec section 5: a chosen node alone makes the form dirty; switching sub-tab asks with the modal. */
export const UnsavedChanges: Story = {
  decorators: [withSwitchTo('Estado')],
  play: async () => {
    await form();
    await chooseNode('NODO-03', 'NODO-03');
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('«Estado»');
  },
};

/** The massive sub-tab of sensor shows the same form first (a probe set onto many nodes at once), the CSV import in the tab beside. */
export const MassiveSubTab: Story = {
  render: () => <ParametersScreen table="sensor" operation="massive" canWrite />,
  play: async () => {
    await form();
    await expect(within(targets()).getAllByRole('checkbox')).toHaveLength(12);
    await expect(screen.getByRole('tab', { name: 'Por nodo, con réplica' })).toHaveAttribute('aria-selected', 'true');
    await expect(screen.getByRole('tab', { name: 'Importar CSV' })).toBeVisible();
  },
};

/** A `user` role on the sensor insert sub-tab: the parameters screen says the role only reads. */
export const ReadOnly: Story = {
  render: () => <ParametersScreen table="sensor" operation="insert" canWrite={false} />,
  play: async () => {
    await expect(await screen.findByText('Solo lectura')).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'CREAR' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async () => {
    await fillNodo07();
    await expect(within(summary()).getByText('3 probes for NODO-07')).toBeVisible();
    await expect(within(summary()).getByText('1 already exists and will be skipped:')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'CREATE' })).toBeVisible();
  },
};
