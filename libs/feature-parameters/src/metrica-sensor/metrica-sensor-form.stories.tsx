import { metricaSensorHandlers } from '@camposense/data-access/testing';
import { toastShown } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ParametersScreen } from '../parameters-screen/parameters-screen';
import { withParametersApi, withParametersShell, withSwitchTo } from '../testing/story-shell';
import { MetricaSensorForm } from './metrica-sensor-form';

const meta = {
  title: 'Parameters/MetricaSensorForm',
  component: MetricaSensorForm,
  args: { mode: 'insert' },
  decorators: [withParametersShell],
  // A fresh fixture state per story: a mapping saved in one story is not seen by the next.
  beforeEach: (context) => withParametersApi(...metricaSensorHandlers.working())(context),
} satisfies Meta<typeof MetricaSensorForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = () => screen.findByRole('form', { name: /^(Asignar métricas a una sonda|Assign metrics to a probe|Asignar métricas a muchos nodos)$/ });
const nodeSelect = () => screen.getByRole('combobox', { name: /^Nodo/ });
const typeSelect = () => screen.getByRole('combobox', { name: /^Tipo de sonda/ });
const metrics = () => screen.getByRole('group', { name: /^Métricas$/ });
const nodes = () => screen.getByRole('group', { name: /^Nodos con esa sonda$/ });
const submit = () => screen.getByRole('button', { name: 'ASIGNAR' });

async function choose(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(combobox).toHaveValue(option));
}

async function tick(group: HTMLElement, name: RegExp) {
  await userEvent.click(within(group).getByRole('checkbox', { name }));
}

/** Node Virú 01 and its Palta 20 cm probe, which already reports Temperatura. */
async function chooseProbe() {
  await form();
  await choose(nodeSelect(), 'Nodo Virú 01');
  await choose(typeSelect(), 'Sonda suelo 20 cm · Palta');
}

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...metricaSensorHandlers.loading()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...metricaSensorHandlers.error()),
  play: async () => {
    await expect(await screen.findByText('Error al cargar los registros de Métrica por sensor')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

/** No node carries a probe: nothing to map metrics to, the form says to create a sensor first. */
export const Empty: Story = {
  beforeEach: withParametersApi(...metricaSensorHandlers.working({ sensores: [] })),
  play: async () => {
    await expect(await screen.findByText('No hay nodos con sondas')).toBeVisible();
    await expect(screen.queryByRole('form')).toBeNull();
  },
};

/** As it opens: only nodes with a probe are offered; the type waits for a node, the metrics for a type. */
export const Loaded: Story = {
  play: async () => {
    await form();
    await expect(typeSelect()).toBeDisabled();
    await expect(within(metrics()).getByText('Elija primero un tipo de sonda')).toBeVisible();
    await userEvent.click(nodeSelect());
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Nodo Maipo 01', 'Nodo Virú 01', 'Nodo Virú 02']));
    await userEvent.keyboard('{Escape}');
  },
};

/** Node and type chosen: the type is locked (CAMBIAR unlocks it); Temperatura, already mapped, is ticked and disabled. */
export const TypeLocked: Story = {
  play: async () => {
    await chooseProbe();
    await expect(typeSelect()).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Cambiar el tipo de sonda' })).toBeVisible();
    const held = within(metrics()).getByRole('checkbox', { name: /Temperatura.*ya asignada/ });
    await expect(held).toBeChecked();
    await expect(held).toBeDisabled();
    await expect(within(metrics()).getByRole('checkbox', { name: /Humedad/ })).not.toBeChecked();
    await expect(within(metrics()).getByText('°C · ya asignada')).toBeVisible();
  },
};

/** CAMBIAR unlocks the type and clears the metrics ticked for it; another type has its own mapped metrics. */
export const TypeChanged: Story = {
  play: async () => {
    await chooseProbe();
    await tick(metrics(), /Humedad/);
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar el tipo de sonda' }));
    await expect(typeSelect()).toBeEnabled();
    await expect(within(metrics()).getByText('Elija primero un tipo de sonda')).toBeVisible();
    await choose(typeSelect(), 'Sonda suelo 40 cm · Palta');
    await expect(within(metrics()).getByRole('checkbox', { name: /Temperatura/ })).toBeEnabled();
    await expect(within(metrics()).getByRole('checkbox', { name: /Humedad/ })).not.toBeChecked();
  },
};

/** Two metrics ticked, counted under the list; each shows its unit. */
export const Filled: Story = {
  play: async () => {
    await chooseProbe();
    await tick(metrics(), /Humedad/);
    await tick(metrics(), /Conductividad eléctrica/);
    await expect(within(metrics()).getByRole('checkbox', { name: /Conductividad eléctrica\s*dS\/m/ })).toBeChecked();
    await expect(within(metrics()).getByText('2 elegidos')).toBeVisible();
  },
};

/** ASIGNAR with nothing chosen: each required field says what is missing. */
export const ValidationErrors: Story = {
  play: async () => {
    await form();
    await userEvent.click(submit());
    await expect(await screen.findByText('Elija un nodo')).toBeVisible();
    await expect(screen.getByText('Elija un tipo de sonda')).toBeVisible();
    await expect(screen.getByText('Elija al menos una métrica')).toBeVisible();
  },
};

export const Busy: Story = {
  beforeEach: withParametersApi(...metricaSensorHandlers.slow()),
  play: async () => {
    await chooseProbe();
    await tick(metrics(), /Humedad/);
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('button', { name: /ASIGNANDO/ })).toBeDisabled());
    await expect(within(metrics()).getByRole('checkbox', { name: /Humedad/ })).toBeDisabled();
  },
};

/** Saved: a toast with the count written, and the form back to empty (nothing unsaved). */
export const Saved: Story = {
  play: async () => {
    await chooseProbe();
    await tick(metrics(), /Humedad/);
    await tick(metrics(), /Presión/);
    await userEvent.click(submit());
    await waitFor(() => expect(toastShown('Métricas asignadas')).toBe(true), { timeout: 10_000 });
    await expect(screen.getByText('Se crearon 2 métricas por sensor.')).toBeVisible();
    await waitFor(() => expect(nodeSelect()).toHaveValue(''));
    await expect(typeSelect()).toBeDisabled();
  },
};

/** The server fails (500): nothing is written, its message is shown and the choice kept. */
export const ServerError: Story = {
  beforeEach: withParametersApi(...metricaSensorHandlers.failing()),
  play: async () => {
    await chooseProbe();
    await tick(metrics(), /Humedad/);
    await userEvent.click(submit());
    await expect(await screen.findByText('No se pudo guardar')).toBeVisible();
    await expect(screen.getByText('Error interno del servidor')).toBeVisible();
    await expect(within(metrics()).getByRole('checkbox', { name: /Humedad/ })).toBeChecked();
  },
};

/** 409: a chosen node lost the probe meanwhile; the call wrote nothing and says so. */
export const ProbeMissing: Story = {
  beforeEach: withParametersApi(...metricaSensorHandlers.conflict()),
  play: async () => {
    await chooseProbe();
    await tick(metrics(), /Humedad/);
    await userEvent.click(submit());
    await expect(await screen.findByText(/ya no lleva esa sonda/)).toBeVisible();
  },
};

/** Spec section 5: a chosen metric set is unsaved work; switching sub-tab asks with the modal. */
export const UnsavedChanges: Story = {
  decorators: [withSwitchTo('Estado')],
  play: async () => {
    await chooseProbe();
    await tick(metrics(), /Humedad/);
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('«Estado»');
  },
};

/** Massive: one probe type and two metrics, for the nodes that carry it (found by DevEUI too). */
export const Massive: Story = {
  args: { mode: 'massive' },
  play: async () => {
    await screen.findByRole('form', { name: 'Asignar métricas a muchos nodos' });
    await expect(within(nodes()).getByText('Elija primero un tipo de sonda')).toBeVisible();
    await choose(typeSelect(), 'Sonda suelo 20 cm · Palta');
    await expect(typeSelect()).toBeDisabled();
    await tick(metrics(), /Temperatura/);
    await tick(metrics(), /Humedad/);
    // Only Virú 01 and 02 carry it: Maipo 01 is not offered.
    await expect(within(nodes()).getAllByRole('checkbox')).toHaveLength(2);
    await expect(within(nodes()).queryByRole('checkbox', { name: /Maipo/ })).toBeNull();
    await tick(nodes(), /Nodo Virú 01/);
    await userEvent.click(within(nodes()).getByRole('textbox'));
    await userEvent.paste('0000002');
    await waitFor(() => expect(within(nodes()).getAllByRole('checkbox')).toHaveLength(1));
    await tick(nodes(), /Nodo Virú 02/);
    await expect(within(nodes()).getByText('2 elegidos')).toBeVisible();
  },
};

/** Massive saved: 2 nodes × 2 metrics; Virú 01 already reported Temperatura, so 3 written and 1 left. */
export const MassiveSaved: Story = {
  args: { mode: 'massive' },
  play: async () => {
    await screen.findByRole('form', { name: 'Asignar métricas a muchos nodos' });
    await choose(typeSelect(), 'Sonda suelo 20 cm · Palta');
    await tick(metrics(), /Temperatura/);
    await tick(metrics(), /Humedad/);
    await tick(nodes(), /Nodo Virú 01/);
    await tick(nodes(), /Nodo Virú 02/);
    await userEvent.click(submit());
    await waitFor(() => expect(toastShown('Métricas asignadas')).toBe(true), { timeout: 10_000 });
    await expect(screen.getByText('Se crearon 3 métricas por sensor. 1 ya existía y se dejó igual.')).toBeVisible();
  },
};

/** Massive with nothing chosen: the type, metrics and nodes each say what is missing. */
export const MassiveValidationErrors: Story = {
  args: { mode: 'massive' },
  play: async () => {
    await screen.findByRole('form', { name: 'Asignar métricas a muchos nodos' });
    await userEvent.click(submit());
    await expect(await screen.findByText('Elija un tipo de sonda')).toBeVisible();
    await expect(screen.getByText('Elija al menos una métrica')).toBeVisible();
    await expect(screen.getByText('Elija al menos un nodo')).toBeVisible();
  },
};

/** A `user` role on the metricasensor massive sub-tab: the parameters screen says the role only reads. */
export const ReadOnly: Story = {
  render: () => <ParametersScreen table="metricasensor" operation="massive" canWrite={false} />,
  play: async () => {
    await expect(await screen.findByText('Solo lectura')).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'ASIGNAR' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async () => {
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'ASSIGN' }));
    await expect(await screen.findByText('Choose a node')).toBeVisible();
    await expect(screen.getByText('Choose at least one metric')).toBeVisible();
    await expect(screen.getByRole('group', { name: 'Metrics' })).toHaveTextContent('Choose a probe type first');
  },
};
