import { umbralMassiveHandlers } from '@camposense/data-access/testing';
import { toastShown, writesLocked, WRITES_LOCKED_REASON } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ParametersScreen } from '../parameters-screen/parameters-screen';
import { withParametersApi, withParametersShell, withSwitchTo } from '../testing/story-shell';
import { UmbralMassiveForm } from './umbral-massive-form';

const meta = {
  title: 'Parameters/UmbralMassiveForm',
  component: UmbralMassiveForm,
  decorators: [withParametersShell],
  // A fresh copy of the farm's thresholds per story: a band saved in one story is not seen by the next.
  beforeEach: (context) => withParametersApi(...umbralMassiveHandlers.working())(context),
} satisfies Meta<typeof UmbralMassiveForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const fundoSelect = () => screen.getByRole('combobox', { name: /^Fundo/ });
const entidadSelect = () => screen.getByRole('combobox', { name: /^Entidad/ });
const applyBar = () => screen.getByRole('group', { name: 'Llenar una columna' });
const grid = () => screen.findByRole('table', { name: 'Umbrales de Palto en Fundo San José' });
const saveButton = () => screen.getByRole('button', { name: 'GUARDAR UMBRALES' });
const cell = (field: 'Mínimo' | 'Máximo' | 'Criticidad', metrica: string, nodo: string, tipo = 'Sonda suelo 20 cm') =>
  screen.getByRole(field === 'Criticidad' ? 'combobox' : 'textbox', { name: `${field} de ${metrica}, ${nodo} · ${tipo}` });

async function choose(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(combobox).toHaveValue(option));
}

/** Fundo San José and its Palto probes: 4 probes × 3 metrics. */
async function openGrid() {
  await screen.findByRole('heading', { name: 'Umbrales por fundo y entidad' });
  await choose(fundoSelect(), 'Fundo San José');
  await waitFor(() => expect(entidadSelect()).toBeEnabled());
  await choose(entidadSelect(), 'Palto');
  return grid();
}

/** The same grid in English. */
async function openGridInEnglish() {
    await screen.findByRole('heading', { name: 'Thresholds by farm and entity' });
    await choose(screen.getByRole('combobox', { name: /^Farm/ }), 'Fundo San José');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Entity/ })).toBeEnabled());
    await choose(screen.getByRole('combobox', { name: /^Entity/ }), 'Palto');
    await screen.findByRole('table', { name: 'Thresholds of Palto on Fundo San José' });
}

/** Temperatura 10–30 °C, Alta, down its column: three new thresholds, and NODO-SJO-03's Alta band replaced. */
async function applyTemperature() {
  const bar = applyBar();
  await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Métrica' }), 'Temperatura (°C)');
  await userEvent.type(within(bar).getByRole('textbox', { name: 'Mínimo' }), '10');
  await userEvent.type(within(bar).getByRole('textbox', { name: 'Máximo' }), '30');
  await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Criticidad' }), 'Alta · grado 2');
  await userEvent.click(within(bar).getByRole('button', { name: 'APLICAR A 4 FILAS' }));
}

function previewText() {
  return screen.getAllByRole('status').find((element) => element.textContent?.startsWith('Al guardar'))!;
}

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...umbralMassiveHandlers.loading()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...umbralMassiveHandlers.error()),
  play: async () => {
    await expect(await screen.findByText('Error al cargar los registros de Umbral')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

/** No active farm: nothing to set thresholds on, and the form says what to create first. */
export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...umbralMassiveHandlers.noFundos()),
  play: async () => {
    await expect(await screen.findByText('No hay fundos activos')).toBeVisible();
    await expect(screen.queryByRole('combobox', { name: /^Fundo/ })).toBeNull();
  },
};

/** As it opens: the entity waits for a farm; only active farms are offered. */
export const Loaded: Story = {
  play: async () => {
    await screen.findByRole('heading', { name: 'Umbrales por fundo y entidad' });
    await expect(entidadSelect()).toBeDisabled();
    await expect(entidadSelect()).toHaveAttribute('placeholder', 'Elija primero un fundo');
    await userEvent.click(fundoSelect());
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Fundo El Retiro', 'Fundo San José']));
    await userEvent.keyboard('{Escape}');
  },
};

/** A farm chosen: its probes load, then only the entities planted there are offered (not Arándano). */
export const ChooseEntity: Story = {
  play: async () => {
    await screen.findByRole('heading', { name: 'Umbrales por fundo y entidad' });
    await choose(fundoSelect(), 'Fundo San José');
    await expect(await screen.findByText('Elija una entidad para ver las sondas de ese cultivo en el fundo.')).toBeVisible();
    await userEvent.click(entidadSelect());
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Palto', 'Uva']));
    await userEvent.keyboard('{Escape}');
  },
};

export const ScopeLoading: Story = {
  beforeEach: ({ msw }) => msw.use(...umbralMassiveHandlers.scopeLoading()),
  play: async () => {
    await screen.findByRole('heading', { name: 'Umbrales por fundo y entidad' });
    await choose(fundoSelect(), 'Fundo San José');
    await expect(await screen.findByText('Cargando las sondas del fundo...')).toBeVisible();
  },
};

export const ScopeError: Story = {
  beforeEach: ({ msw }) => msw.use(...umbralMassiveHandlers.scopeError()),
  play: async () => {
    await screen.findByRole('heading', { name: 'Umbrales por fundo y entidad' });
    await choose(fundoSelect(), 'Fundo San José');
    await expect(await screen.findByText('Error al cargar las sondas del fundo')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

/** A farm without probes that report metrics: the form says what to do first. */
export const ScopeEmpty: Story = {
  play: async () => {
    await screen.findByRole('heading', { name: 'Umbrales por fundo y entidad' });
    await choose(fundoSelect(), 'Fundo El Retiro');
    await expect(await screen.findByText('Este fundo no tiene sondas con métricas')).toBeVisible();
    await expect(entidadSelect()).toBeDisabled();
  },
};

/** The grid of Palto on Fundo San José: every metric of its four probes, active bands beside, the Uva node left out. */
export const Grid: Story = {
  play: async () => {
    const table = await openGrid();
    await expect(within(table).getAllByRole('row')).toHaveLength(13);
    await expect(within(table).queryByText('NODO-SJO-04')).toBeNull();
    await expect(within(table).getByText('Crítica: 12 – 32')).toBeVisible();
    await expect(within(table).getByText('Alta: 14 – 30')).toBeVisible();
    await expect(within(table).getAllByText('sin umbral')).toHaveLength(10);
    // The unit beside both limits of a row.
    await expect(within(cell('Mínimo', 'Temperatura', 'NODO-SJO-02').closest('tr')!).getAllByText('°C')).toHaveLength(2);
    await expect(previewText()).toHaveTextContent('Ninguna fila llena todavía.');
  },
};

/** One band down the Temperatura column: 4 rows filled, 3 thresholds to create and NODO-SJO-03's Alta one replaced. */
export const AppliedToColumn: Story = {
  play: async () => {
    await openGrid();
    await applyTemperature();
    await expect(cell('Máximo', 'Temperatura', 'NODO-SJO-02')).toHaveValue('30');
    await expect(cell('Criticidad', 'Temperatura', 'NODO-SJO-03')).toHaveDisplayValue('Alta · grado 2');
    await expect(cell('Mínimo', 'Humedad', 'NODO-SJO-02')).toHaveValue('');
    await expect(previewText()).toHaveTextContent('3 umbrales nuevos');
    await expect(previewText()).toHaveTextContent('1 reemplazado');
    await expect(screen.getByText('Reemplaza 14 – 30')).toBeVisible();
  },
};

/** After the column, one exception: NODO-SJO-01 at Crítica (replacing its 12–32) with its own maximum. */
export const RowException: Story = {
  play: async () => {
    await openGrid();
    await applyTemperature();
    await userEvent.selectOptions(cell('Criticidad', 'Temperatura', 'NODO-SJO-01'), 'Crítica · grado 1');
    await userEvent.clear(cell('Máximo', 'Temperatura', 'NODO-SJO-01'));
    await userEvent.type(cell('Máximo', 'Temperatura', 'NODO-SJO-01'), '34,5');
    await expect(screen.getByText('Reemplaza 12 – 32')).toBeVisible();
    await expect(previewText()).toHaveTextContent('2 umbrales nuevos');
    await expect(previewText()).toHaveTextContent('2 reemplazados');
  },
};

/** A band upside down is said on its row at once, and counted; the save waits for it. */
export const InvalidBand: Story = {
  play: async () => {
    await openGrid();
    await userEvent.type(cell('Mínimo', 'Humedad', 'NODO-SJO-02'), '80');
    await userEvent.type(cell('Máximo', 'Humedad', 'NODO-SJO-02'), '40');
    await expect(await screen.findByText('El mínimo no puede ser mayor que el máximo')).toBeVisible();
    await expect(previewText()).toHaveTextContent('1 fila con errores');
    await userEvent.click(saveButton());
    await expect(await screen.findByText('Corrija las filas marcadas: no se guardó nada.')).toBeVisible();
  },
};

/** Nothing to apply or save: the bar and the footer say what is missing; a started row shows its gaps after a try. */
export const ValidationErrors: Story = {
  play: async () => {
    await openGrid();
    await userEvent.click(saveButton());
    await expect(await screen.findByText('Llene al menos una fila antes de guardar.')).toBeVisible();
    await userEvent.click(within(applyBar()).getByRole('button', { name: 'APLICAR A 4 FILAS' }));
    await expect(within(applyBar()).getAllByText('Requerido')).toHaveLength(3);
    await userEvent.type(cell('Mínimo', 'Conductividad eléctrica', 'NODO-SJO-03'), 'uno');
    await userEvent.click(saveButton());
    await expect(await screen.findByText('Escriba un número')).toBeVisible();
    await expect(screen.getByText('Corrija las filas marcadas: no se guardó nada.')).toBeVisible();
  },
};

/** While the rows hold work the farm and entity stay fixed; VACIAR empties the grid and frees them. */
export const ScopeLocked: Story = {
  play: async () => {
    await openGrid();
    await applyTemperature();
    await expect(fundoSelect()).toBeDisabled();
    await expect(entidadSelect()).toBeDisabled();
    await expect(screen.getByText(/quedan fijados mientras haya filas llenas/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Vaciar todas las filas' }));
    await expect(fundoSelect()).toBeEnabled();
    await expect(cell('Mínimo', 'Temperatura', 'NODO-SJO-02')).toHaveValue('');
  },
};

export const Busy: Story = {
  beforeEach: withParametersApi(...umbralMassiveHandlers.slow()),
  play: async () => {
    await openGrid();
    await applyTemperature();
    await userEvent.click(saveButton());
    await waitFor(() => expect(screen.getByRole('button', { name: /GUARDANDO/ })).toBeDisabled());
    await expect(cell('Mínimo', 'Temperatura', 'NODO-SJO-02')).toBeDisabled();
  },
};

/** Saved in one call: the toast counts created and replaced, the grid empties and shows the new bands. */
export const Saved: Story = {
  play: async () => {
    await openGrid();
    await applyTemperature();
    await userEvent.click(saveButton());
    await waitFor(() => expect(toastShown('Umbrales guardados')).toBe(true), { timeout: 10_000 });
    await expect(screen.getByText('Se crearon 3 umbrales. Se reemplazó 1.')).toBeVisible();
    await waitFor(() => expect(cell('Mínimo', 'Temperatura', 'NODO-SJO-02')).toHaveValue(''));
    await waitFor(() => expect(screen.getAllByText('Alta: 10 – 30')).toHaveLength(4));
    await expect(fundoSelect()).toBeEnabled();
  },
};

/** The server fails (500): nothing is written, its message is shown and the grid kept. */
export const ServerError: Story = {
  beforeEach: withParametersApi(...umbralMassiveHandlers.failing()),
  play: async () => {
    await openGrid();
    await applyTemperature();
    await userEvent.click(saveButton());
    await expect(await screen.findByText('No se pudo guardar')).toBeVisible();
    await expect(screen.getByText('Error interno del servidor')).toBeVisible();
    await expect(cell('Mínimo', 'Temperatura', 'NODO-SJO-02')).toHaveValue('10');
  },
};

/** 409: a node, probe or level went away meanwhile; the transaction wrote nothing and says so. */
export const Conflict: Story = {
  beforeEach: withParametersApi(...umbralMassiveHandlers.conflict()),
  play: async () => {
    await openGrid();
    await applyTemperature();
    await userEvent.click(saveButton());
    await expect(await screen.findByText(/ya no existe\. Actualice la página/)).toBeVisible();
  },
};

/** Spec section 5: massive data is unsaved work; switching sub-tab asks with the modal. */
export const UnsavedChanges: Story = {
  decorators: [withSwitchTo('Estado')],
  play: async () => {
    await openGrid();
    await applyTemperature();
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('«Estado»');
  },
};

/** A `user` role on the umbral massive sub-tab: the parameters screen says the role only reads. */
export const ReadOnly: Story = {
  render: () => <ParametersScreen table="umbral" operation="massive" canWrite={false} />,
  play: async () => {
    await expect(await screen.findByText('Solo lectura')).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'GUARDAR UMBRALES' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async () => {
    await openGridInEnglish();
    await userEvent.click(screen.getByRole('button', { name: 'APPLY TO 4 ROWS' }));
    await expect(within(screen.getByRole('group', { name: 'Fill a column' })).getAllByText('Required')).toHaveLength(3);
    await expect(screen.getByRole('button', { name: 'SAVE THRESHOLDS' })).toBeEnabled();
  },
};

/** Offline (issue 30): a column can still be filled, but the thresholds cannot be saved; the button says why. */
export const OfflineLocked: Story = {
  decorators: [writesLocked],
  play: async () => {
    await openGrid();
    await applyTemperature();
    await expect(previewText()).toHaveTextContent('3 umbrales nuevos');
    await expect(saveButton()).toBeDisabled();
    await expect(saveButton()).toHaveAccessibleDescription(WRITES_LOCKED_REASON);
    await expect(screen.getByText(WRITES_LOCKED_REASON)).toBeVisible();
  },
};

export const OfflineLockedEnglish: Story = {
  decorators: [writesLocked],
  globals: { language: 'en' },
  play: async () => {
    await openGridInEnglish();
    const save = screen.getByRole('button', { name: 'SAVE THRESHOLDS' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription('Offline: changes cannot be saved');
  },
};
