import { AccessProvider, DashboardFiltersProvider, useDashboardFilters } from '@camposense/data-access';
import type { DashboardFilters } from '@camposense/data-access';
import { alertasFixture, alertasManyFixture, oneFarmAccessFixture, operatorUser, readerAccessFixture, reportHandlers, userAccessHandlers } from '@camposense/data-access/testing';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { useEffect } from 'react';
import { dismissAllToasts, Toaster } from '@camposense/ui';
import { toastShown } from '@camposense/ui/testing';
import type { RequestHandler } from 'msw';
import { emptyStory, errorStory, loadingStory, tableSettled, typeAcknowledgeNote, typeDay, withGlobalFilters } from '../shared/story-report';
import { AlertsReport } from './alerts-report';

const meta = {
  title: 'Reports/AlertsReport',
  component: AlertsReport,
  decorators: [withGlobalFilters()],
} satisfies Meta<typeof AlertsReport>;

export default meta;
type Story = StoryObj<typeof meta>;

const settled = (name: RegExp = /^(Alertas|Alerts)$/) => tableSettled(name);

/** The console's toaster, which the shell renders: the acknowledge stories show their toast. */
const withToaster: Decorator = (Story) => (
  <>
    <Story />
    <Toaster />
  </>
);

/** Luis signed in: the report reads his grant (issue 32) for what he may acknowledge. */
const asOperator: Decorator = (Story) => (
  <AccessProvider user={operatorUser}>
    <Story />
  </AccessProvider>
);

/**
 * Granted Agrícola Virú to read only: no alert offers its acknowledgement (the API would answer
 * 403), each says why in its title, and the bulk action is disabled with the reason beside it.
 */
export const ReadOnlyAccess: Story = {
  decorators: [asOperator],
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(), ...userAccessHandlers.own(readerAccessFixture)),
  play: async () => {
    const table = await settled();
    await expect(within(table).queryByRole('button', { name: /^Reconocer episodio/ })).toBeNull();
    const [readOnly] = within(table).getAllByText('Solo lectura');
    await expect(readOnly).toHaveAttribute('title', expect.stringMatching(/^Su acceso a Agrícola Virú es de solo lectura/));
    const bulk = screen.getByRole('button', { name: 'Reconocer todas las activas del filtro' });
    await expect(bulk).toBeDisabled();
    await expect(bulk).toHaveAccessibleDescription(/^Su acceso a Agrícola Virú es de solo lectura: reconocer alertas requiere el nivel Operación o Gestión/);
  },
};
export const ReadOnlyAccessEnglish: Story = {
  ...ReadOnlyAccess,
  globals: { language: 'en' },
  play: async () => {
    const table = await settled();
    await expect(within(table).queryByRole('button', { name: /^Acknowledge episode/ })).toBeNull();
    await expect(within(table).getAllByText('Read-only').length).toBeGreaterThan(0);
    await expect(screen.getByText(/^Your access to Agrícola Virú is read-only/)).toBeVisible();
  },
};

/** Granted Viñedos del Maipo to operate: the acknowledgements are offered as to an admin. */
export const OperateAccess: Story = {
  decorators: [asOperator],
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(), ...userAccessHandlers.own(oneFarmAccessFixture)),
  play: async () => {
    const table = await settled();
    await expect(within(table).getAllByRole('button', { name: /^Reconocer episodio/ }).length).toBeGreaterThan(0);
    await expect(within(table).queryByText('Solo lectura')).toBeNull();
    await expect(screen.getByRole('button', { name: 'Reconocer todas las activas del filtro' })).toBeEnabled();
  },
};

export const Loading: Story = { ...loadingStory(reportHandlers.alertasLoading, 'ALERTAS') };

export const Error: Story = { ...errorStory(reportHandlers.alertasError, 'Error al cargar las alertas') };

export const Empty: Story = { ...emptyStory(() => reportHandlers.alertas([]), 'Sin datos', 'No se encontraron registros de alertas en la base de datos') };

export const Loaded: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas()),
  play: async () => {
    await settled();
    await expect(screen.getByRole('heading', { name: 'REGISTRO DE ALERTAS' })).toBeVisible();
    await expect(screen.getByText('Total: 12')).toBeVisible();
    // The fallbacks: a threshold without text, a reading without value, a missing date.
    await expect(screen.getByText('Umbral 102')).toBeVisible();
    await expect(screen.getByText('Medición 905009')).toBeVisible();
    await expect(screen.getByText('N/A')).toBeVisible();
    await expect(screen.getByText('DESCONOCIDO')).toBeVisible();
    // The first row says what broke: its node, place, metric with unit, limits, criticality and value.
    const first = within(await settled()).getAllByRole('row')[1]!;
    for (const text of ['Crítica', 'NODO-SJO-01', 'Lote 1', 'Temperatura (°C)', '5 – 32', 'Valor: 36,8 °C']) {
      await expect(within(first).getByText(text)).toBeVisible();
    }
    await expect(screen.getByRole('columnheader', { name: /Fecha de alerta/ })).toHaveAttribute('aria-sort', 'descending');
    // One page: no pager.
    await expect(screen.queryByRole('navigation', { name: 'Paginación' })).toBeNull();
  },
};

export const LoadedEnglish: Story = {
  ...Loaded,
  globals: { language: 'en' },
  play: async () => {
    await settled();
    await expect(screen.getByRole('heading', { name: 'ALERTS REGISTRY' })).toBeVisible();
    await expect(screen.getByText('Threshold 102')).toBeVisible();
  },
};

export const Paginated: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(alertasManyFixture)),
  play: async () => {
    await settled();
    await expect(screen.getByText('Total: 45')).toBeVisible();
    await expect(screen.getByText('PÁGINA 1 DE 3')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'ANTERIOR' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'SIGUIENTE' }));
    await screen.findByText('PÁGINA 2 DE 3');
    await settled();
    await expect(screen.getByRole('button', { name: 'ANTERIOR' })).toBeEnabled();
    await expect(screen.getByText('5025')).toBeVisible();
  },
};

export const LastPageEnglish: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(alertasManyFixture)),
  globals: { language: 'en' },
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'NEXT' }));
    await screen.findByText('PAGE 2 OF 3');
    await userEvent.click(screen.getByRole('button', { name: 'NEXT' }));
    await screen.findByText('PAGE 3 OF 3');
    // The last page holds the 5 rows past the first 40.
    await tableSettled(/^(Alertas|Alerts)$/, { bodyRows: 5 });
    await expect(screen.getByRole('button', { name: 'NEXT' })).toBeDisabled();
  },
};

/**
 * A report of 60,000 alerts: SIGUIENTE follows the API's cursor (page 2 is asked with `after`), the
 * last page is a jump the API takes, and ANTERIOR from it goes back by number near the end.
 */
export const DeepPageByCursor: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertasHuge()),
  play: async () => {
    await settled();
    await expect(screen.getByText('PÁGINA 1 DE 3000')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'SIGUIENTE' }));
    await screen.findByText('PÁGINA 2 DE 3000');
    await userEvent.click(screen.getByRole('button', { name: 'Última página' }));
    await screen.findByText('PÁGINA 3000 DE 3000');
    await userEvent.click(screen.getByRole('button', { name: /ANTERIOR/ }));
    await screen.findByText('PÁGINA 2999 DE 3000');
    await settled();
  },
};

/** A page number the API refuses as too deep: the report says why and offers the way back to page 1. */
export const JumpRefused: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertasRefusingJumps()),
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Última página' }));
    await screen.findByText('Página fuera de alcance');
    await userEvent.click(screen.getByRole('button', { name: 'Volver a la primera página' }));
    await screen.findByText('PÁGINA 1 DE 3000');
    await userEvent.click(screen.getByRole('button', { name: 'Última página' }));
    await expect(await screen.findByRole('button', { name: 'Volver a la primera página' })).toBeVisible();
  },
};

export const JumpRefusedEnglish: Story = {
  ...JumpRefused,
  globals: { language: 'en' },
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByText('Page out of reach');
    await expect(screen.getByRole('button', { name: 'Back to the first page' })).toBeVisible();
  },
};

export const Filtered: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(alertasManyFixture)),
  play: async () => {
    await settled();
    await userEvent.selectOptions(screen.getByLabelText('Criticidad'), 'Alta');
    await screen.findByText('Total: 15');
    await userEvent.selectOptions(screen.getByLabelText('Ubicación'), 'San José · Lote 2');
    await screen.findByText('Total: 3');
    await settled();
    await expect(screen.queryByRole('navigation', { name: 'Paginación' })).toBeNull();
  },
};

/** What the dashboard's filters hold, as the chart action left them. */
let dashboardSeen: DashboardFilters | null = null;
function DashboardProbe() {
  const { fundoId, entidadId, ubicacionId, startDate, endDate, nodoId, umbralId } = useDashboardFilters();
  useEffect(() => {
    dashboardSeen = { fundoId, entidadId, ubicacionId, startDate, endDate, nodoId, umbralId };
  }, [fundoId, entidadId, ubicacionId, startDate, endDate, nodoId, umbralId]);
  return null;
}
const withDashboard: Decorator = (Story) => (
  <DashboardFiltersProvider>
    <DashboardProbe />
    <Story />
  </DashboardFiltersProvider>
);

/**
 * The console passes onOpenChart: each row with a threshold gets VER GRÁFICO, which sets the
 * dashboard to the node, a day either side of the alert and its threshold, then shows it.
 */
export const ChartAction: Story = {
  decorators: [withDashboard],
  args: { onOpenChart: fn() },
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas()),
  play: async ({ args }) => {
    const first = within(await settled()).getAllByRole('row')[1]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Ver gráfico de Temperatura del nodo NODO-SJO-01 a la hora de la alerta' }));
    await expect(args.onOpenChart).toHaveBeenCalledOnce();
    const row = alertasFixture[0]!;
    await waitFor(() => expect(dashboardSeen).toMatchObject({ nodoId: row.umbral!.nodoid, umbralId: row.umbralid, ubicacionId: row.umbral!.ubicacionid }));
    await expect(dashboardSeen!.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  },
};

export const ChartActionEnglish: Story = {
  decorators: [withDashboard],
  args: { onOpenChart: fn() },
  globals: { language: 'en' },
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas()),
  play: async () => {
    const first = within(await settled()).getAllByRole('row')[1]!;
    await expect(within(first).getByRole('button', { name: 'View chart of Temperatura for node NODO-SJO-01 at the time of the alert' })).toHaveTextContent(
      'View chart',
    );
  },
};

/** The global Fundo limits the location list and the alerts. */
export const FarmSelected: Story = {
  decorators: [withGlobalFilters({ paisId: 1, empresaId: 1, fundoId: 1 })],
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(alertasManyFixture)),
  play: async () => {
    await settled();
    await expect(screen.getByText('Total: 18')).toBeVisible();
    const options = Array.from((screen.getByLabelText('Ubicación') as HTMLSelectElement).options).map((option) => option.text);
    await expect(options).toEqual(['Todas las ubicaciones', 'Lote 1', 'Lote 2']);
  },
};

export const SortedByMeasurement: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas()),
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: /Medición/ }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Medición/ })).toHaveAttribute('aria-sort', 'ascending'));
    await settled();
    await expect(screen.getByRole('columnheader', { name: /Fecha de alerta/ })).toHaveAttribute('aria-sort', 'none');
  },
};

export const FilterOptionsError: Story = {
  // MSW tries handlers in order: the failing options come before the report's own.
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertaFilterOptionsError(), ...reportHandlers.alertas()),
  play: async () => {
    await settled();
    await expect(await screen.findByText('Error: Error interno del servidor')).toBeVisible();
  },
};

/** Rows of its own per story: acknowledging changes them. */
const freshAlertas = () => structuredClone(alertasFixture);

/**
 * Acknowledging is a decision: the row's button says how many alerts its episode holds, asks
 * with a note, and a toast says how many were acknowledged; the row then names who and when.
 */
export const Acknowledge: Story = {
  decorators: [withToaster],
  // The toast closes by itself: no still frame to compare (the dialog's own states have their screenshots).
  parameters: { visual: { disable: true } },
  beforeEach: ({ msw }) => {
    const rows = freshAlertas();
    msw.use(...reportHandlers.alertas(rows), ...reportHandlers.acknowledge(rows));
  },
  play: async () => {
    const table = await settled();
    const buttons = within(table).getAllByRole('button', { name: /^Reconocer episodio/ });
    const before = buttons.length;
    // Who acknowledged the processed ones, by name, and "Usuario {id}" for one without a name.
    await expect(within(table).getAllByText(/^Rosa Huamán, /).length).toBeGreaterThan(0);
    await expect(within(table).getByText(/^Usuario 9, /)).toBeVisible();
    await expect(buttons[0]).toHaveTextContent(/^Reconocer episodio \(\d+ alertas\)$/);
    const count = /\((\d+) alertas\)/.exec(buttons[0]!.textContent ?? '')![1]!;
    await userEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reconocer el episodio?' });
    await expect(within(dialog).getByText(new RegExp(`^Se reconocerán ${count} alertas activas de este episodio`))).toBeVisible();
    await typeAcknowledgeNote(dialog, 'Válvula cerrada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'RECONOCER' }));
    await expect(await screen.findByText(`Se reconocieron ${count} alertas.`)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Reconocer episodio/ }).length).toBeLessThan(before));
    await expect((await within(table).findAllByText(/Ana Admin, /))[0]).toBeVisible();
  },
};

/** The acknowledge dialog of one episode, open with a note typed. */
export const AcknowledgeDialogOpen: Story = {
  beforeEach: ({ msw }) => {
    const rows = freshAlertas();
    msw.use(...reportHandlers.alertas(rows), ...reportHandlers.acknowledge(rows));
  },
  play: async () => {
    const table = await settled();
    await userEvent.click(within(table).getAllByRole('button', { name: /^Reconocer episodio/ })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reconocer el episodio?' });
    await typeAcknowledgeNote(dialog, 'Riego revisado');
    await expect(within(dialog).getByText('14 de 500 caracteres')).toBeVisible();
  },
};

export const ConfirmAcknowledgeAll: Story = {
  beforeEach: ({ msw }) => {
    const rows = freshAlertas();
    msw.use(...reportHandlers.alertas(rows), ...reportHandlers.acknowledge(rows));
  },
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer todas las activas del filtro' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reconocer las alertas activas del filtro?' });
    await expect(await within(dialog).findByText(/^Se reconocerán 7 alertas activas, de todas las páginas/)).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'CANCELAR' })).toHaveFocus());
    await expect(within(dialog).getByRole('button', { name: 'RECONOCER' })).toBeEnabled();
  },
};

/** CANCELAR closes the question and acknowledges nothing: every active row keeps its button. */
export const CancelAcknowledgeAll: Story = {
  beforeEach: ({ msw }) => {
    const rows = freshAlertas();
    msw.use(...reportHandlers.alertas(rows), ...reportHandlers.acknowledge(rows));
  },
  play: async () => {
    const table = await settled();
    const before = within(table).getAllByRole('button', { name: /^Reconocer episodio/ }).length;
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer todas las activas del filtro' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText(/^Se reconocerán 7 alertas activas/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'CANCELAR' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await settled();
    await expect(within(table).getAllByRole('button', { name: /^Reconocer episodio/ })).toHaveLength(before);
    await expect(within(table).queryByText(/Ana Admin, /)).toBeNull();
  },
};

/** Counting is under way: the dialog says so instead of a number. */
export const ConfirmCounting: Story = {
  beforeEach: ({ msw }) => {
    const rows = freshAlertas();
    msw.use(...reportHandlers.alertasActiveCountPending(), ...reportHandlers.alertas(rows));
  },
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer todas las activas del filtro' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByText('Contando las alertas activas del filtro...')).toBeVisible();
  },
};

export const AcknowledgeAllEnglish: Story = {
  globals: { language: 'en' },
  beforeEach: ({ msw }) => {
    const rows = freshAlertas();
    msw.use(...reportHandlers.alertas(rows), ...reportHandlers.acknowledge(rows));
  },
  play: async () => {
    await settled();
    // One call for the whole filtered set, once confirmed: the active rows of every page become processed.
    const all = await screen.findByRole('button', { name: 'Acknowledge every active one in this filter' });
    await userEvent.click(all);
    const dialog = await screen.findByRole('alertdialog', { name: 'Acknowledge the active alerts of this filter?' });
    await within(dialog).findByText(/^7 active alerts, on every page of this filter, will be acknowledged/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ACKNOWLEDGE' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Acknowledge episode/ })).toBeNull());
    await settled(/^Alerts$/);
  },
};

/**
 * The acknowledgement stays on its way for the story; when the next story starts, it is released
 * (it fails), its error toast comes, and it is removed: it must not show in another story.
 */
function heldAcknowledgement({ msw }: { msw: { use: (...handlers: RequestHandler[]) => void } }) {
  const held = reportHandlers.acknowledgeHeld();
  msw.use(...reportHandlers.alertas(freshAlertas()), ...held.handlers);
  return async () => {
    held.release();
    await waitFor(() => expect(toastShown(/^No se pudo/)).toBe(true), { timeout: 2_000 }).catch(() => undefined);
    dismissAllToasts();
  };
}

export const Acknowledging: Story = {
  beforeEach: heldAcknowledgement,
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer todas las activas del filtro' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText(/^Se reconocerán 7 alertas activas/);
    const confirm = within(dialog).getByRole('button', { name: 'RECONOCER' });
    await userEvent.click(confirm);
    // Busy while the API answers: the dialog's confirm spins and cannot be pressed again, cancel waits.
    await waitFor(() => expect(confirm).toBeDisabled());
    await expect(within(dialog).getByRole('button', { name: 'CANCELAR' })).toBeDisabled();
  },
};

/** The row's acknowledgement is on its way: the dialog's confirm spins, cancel waits. */
export const AcknowledgeEpisodeBusy: Story = {
  beforeEach: heldAcknowledgement,
  play: async () => {
    const table = await settled();
    await userEvent.click(within(table).getAllByRole('button', { name: /^Reconocer episodio/ })[0]!);
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'RECONOCER' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    await expect(within(dialog).getByRole('button', { name: 'CANCELAR' })).toBeDisabled();
  },
};

export const FilteredByState: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(freshAlertas())),
  play: async () => {
    await settled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'procesada');
    await waitFor(() => expect(screen.getByText('Total: 2')).toBeVisible());
    const table = await settled();
    await expect(within(table).queryByRole('button', { name: /^Reconocer episodio/ })).toBeNull();
    await expect(within(table).getAllByText('PROCESADA').length).toBe(2);
  },
};

/** Node and dates: the node list narrows to the chosen location, the days are typed dd/mm/aaaa. */
export const FilteredByNodeAndDates: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(alertasManyFixture)),
  play: async () => {
    await settled();
    await userEvent.selectOptions(screen.getByLabelText('Ubicación'), 'San José · Lote 2');
    await screen.findByText('Total: 9');
    const nodes = Array.from((screen.getByLabelText('Nodo') as HTMLSelectElement).options).map((option) => option.text);
    await expect(nodes).toEqual(['Todos los nodos', 'NODO-SJO-02']);
    await userEvent.selectOptions(screen.getByLabelText('Nodo'), 'NODO-SJO-02');
    await typeDay('Desde', '20/11/2026');
    await typeDay('Hasta', '20/11/2026');
    // Lima's 20 November: six of the node's nine alerts.
    await screen.findByText('Total: 6');
    const table = await settled();
    await expect(within(table).getAllByText(/^20\/11\/2026/).length).toBe(12);
    await expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue('20/11/2026');
    await expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  },
};

/** Nothing matches: the empty state says it is the filters, and the panel offers to clear them. */
export const EmptyAfterFiltering: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(alertasManyFixture)),
  play: async () => {
    await settled();
    await userEvent.selectOptions(screen.getByLabelText('Ubicación'), 'San José · Lote 1');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'cerrada');
    await expect(await screen.findByText('Ninguna alerta coincide con los filtros elegidos')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  },
};

/** The calendar of the date range, in Spanish, weeks from Monday. */
export const DateCalendarOpen: Story = {
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas()),
  play: async () => {
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    await expect(await screen.findByRole('grid')).toBeVisible();
  },
};

export const FilteredEnglish: Story = {
  globals: { language: 'en' },
  beforeEach: ({ msw }) => msw.use(...reportHandlers.alertas(alertasManyFixture)),
  play: async () => {
    await settled(/^Alerts$/);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'activa');
    await typeDay('From', '11/21/2026');
    await screen.findByText(/^Total: \d+$/);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('11/21/2026'));
    await settled(/^Alerts$/);
    await expect(screen.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  },
};
