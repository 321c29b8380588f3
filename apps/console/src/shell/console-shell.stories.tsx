import { AuthProvider, GlobalFiltersProvider } from '@camposense/data-access';
import { adminUser, authHandlers, operatorUser, reportHandlers, senseHandlers, sensorReplicateHandlers, tableHandlers, thresholdHandlers } from '@camposense/data-access/testing';
import { UnsavedChangesProvider } from '@camposense/ui';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { NavigationProvider } from '../navigation/navigation';
import { ConsoleShell } from './console-shell';

/** The console at this URL, as a deep link would open it. */
function at(path: string, filters?: { paisId: number; empresaId: number; fundoId: number | null }): Decorator {
  return (Story) => (
    <AuthProvider>
      <NavigationProvider initialPath={path} syncWithUrl={false}>
        <GlobalFiltersProvider initial={filters}>
          <UnsavedChangesProvider>
            <Story />
          </UnsavedChangesProvider>
        </GlobalFiltersProvider>
      </NavigationProvider>
    </AuthProvider>
  );
}

const meta = {
  title: 'Console/ConsoleShell',
  component: ConsoleShell,
  args: { user: adminUser },
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.hierarchy(), ...senseHandlers.status());
  },
} satisfies Meta<typeof ConsoleShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The status views of the parameters stories; after the named calls, which the generic table route would answer too. */
const parametersTables: Story['beforeEach'] = ({ msw }) => {
  msw.use(...senseHandlers.hierarchy(), ...senseHandlers.status(), ...tableHandlers.loaded());
};

async function statusLoaded() {
  await waitFor(() => expect(screen.getAllByText('128').length).toBeGreaterThan(0));
}

export const Welcome: Story = {
  decorators: [at('/')],
  play: async () => {
    await statusLoaded();
    // Expanded, the thresholds tab's name is its label and hint, as collapsed.
    const mainMenu = screen.getByRole('navigation', { name: /^(Menú principal|Main menu)$/ });
    await expect(within(mainMenu).getByRole('button', { name: /^(CONFIGURACIÓN · Umbrales de alerta|CONFIGURATION · Alert thresholds)$/ })).toBeVisible();
  },
};
export const WelcomeEnglish: Story = { ...Welcome, globals: { language: 'en' } };
export const ReportsPrompt: Story = { decorators: [at('/reportes')], play: statusLoaded };
export const ReportsUnknownSubtab: Story = {
  decorators: [at('/reportes/graficos', { paisId: 1, empresaId: 1, fundoId: 1 })],
  play: async () => {
    await expect(await screen.findByText('reportes-graficos', { exact: false })).toBeVisible();
    await expect(await screen.findByText('San José')).toBeVisible();
  },
};
/** Scoped to one farm: the header's chip names it, and its clear button gives every screen all its data back. */
export const ScopedToFarm: Story = {
  decorators: [at('/reportes', { paisId: 1, empresaId: 1, fundoId: 1 })],
  play: async () => {
    await statusLoaded();
    const chip = await screen.findByRole('group', { name: 'Filtro global: Perú › Agrícola Virú › San José' });
    await expect(within(chip).getByRole('button', { name: 'Quitar el filtro global Perú › Agrícola Virú › San José' })).toBeVisible();
  },
};
/** The chip's clear button empties the sidebar's selection too, and the chip goes. */
export const ScopeCleared: Story = {
  decorators: [at('/reportes', { paisId: 1, empresaId: 1, fundoId: 1 })],
  play: async () => {
    await statusLoaded();
    const chip = await screen.findByRole('group', { name: 'Filtro global: Perú › Agrícola Virú › San José' });
    await userEvent.click(within(chip).getByRole('button', { name: 'Quitar el filtro global Perú › Agrícola Virú › San José' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: /^Filtro global/ })).toBeNull());
    await expect(screen.queryByText('San José')).toBeNull();
  },
};
export const ScopedToCountryEnglish: Story = {
  decorators: [at('/reportes', { paisId: 1, empresaId: 1, fundoId: null })],
  globals: { language: 'en' },
  play: async () => {
    await statusLoaded();
    await expect(await screen.findByRole('group', { name: 'Global filter: Perú › Agrícola Virú' })).toBeVisible();
  },
};
/** Left of `other`, not over it: a column of its own in the layout. */
async function besides(menu: HTMLElement, other: HTMLElement) {
  await expect(menu.getBoundingClientRect().right).toBeLessThanOrEqual(other.getBoundingClientRect().left);
}

/** The tables wait for a choice in a column of their own: the breadcrumb beside them stays in view. */
export const ParametersPrompt: Story = {
  decorators: [at('/parameters')],
  play: async () => {
    await statusLoaded();
    const tables = screen.getByRole('navigation', { name: /^(Tablas de parámetros|Parameter tables)$/ });
    await expect(within(tables).getByText(/^(UBICACIÓN|LOCATION)$/)).toBeVisible();
    await besides(tables, screen.getByRole('navigation', { name: /^(Ruta de navegación|Breadcrumb)$/ }));
  },
};
export const ParametersTable: Story = {
  decorators: [at('/parameters/empresa/insert')],
  beforeEach: parametersTables,
  play: async () => {
    await expect(await screen.findByRole('navigation', { name: /Operaciones|Operations/ })).toBeVisible();
    await expect(screen.getByRole('button', { name: /Crear|Create/ })).toBeVisible();
    // Massive is offered only for sensor, metricasensor and umbral.
    await expect(screen.queryByRole('button', { name: /Masivo|Massive/ })).toBeNull();
  },
};
/** Sensor's massive sub-tab: the probe set of one node replicated onto many (issue 13), the CSV import in the tab beside. */
export const ParametersTableMassive: Story = {
  decorators: [at('/parameters/sensor/massive')],
  beforeEach: ({ msw }) => msw.use(...sensorReplicateHandlers.working(), ...senseHandlers.hierarchy(), ...senseHandlers.status(), ...tableHandlers.loaded()),
  play: async () => {
    await expect(await screen.findByRole('form', { name: /^(Crear sensores y replicar|Create sensors and replicate)$/ })).toBeVisible();
    await expect(screen.getByRole('tab', { name: /^(Importar CSV|Import CSV)$/ })).toBeVisible();
  },
};
export const ParametersTableAuditOnly: Story = {
  decorators: [at('/parameters/audit_log_umbral')],
  beforeEach: parametersTables,
  play: async () => {
    await expect(await screen.findByText('Sin registros')).toBeVisible();
  },
};
/** A `user` sees only the status operation. */
export const ParametersTableReader: Story = {
  args: { user: operatorUser },
  decorators: [at('/parameters/empresa')],
  beforeEach: parametersTables,
  play: async () => {
    const operations = await screen.findByRole('navigation', { name: /Operaciones|Operations/ });
    await expect(within(operations).getAllByRole('button')).toHaveLength(1);
    // Docked beside the table, labelled, never over its first columns.
    await expect(within(operations).getByText(/^(Estado|Status)$/)).toBeVisible();
    await besides(operations, screen.getByRole('main'));
    // The status view of the table, the same for a reader.
    await expect(await screen.findByText('45 de 45 registros')).toBeVisible();
    await waitFor(() => expect(screen.getAllByText('Ana Quispe').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getAllByText('Perú').length).toBeGreaterThan(0));
  },
};
const tablesRail = () => screen.getByRole('navigation', { name: /^(Tablas de parámetros|Parameter tables)$/ });

/**
 * After a reload the pointer may rest where the rail is drawn: the browser's enter events alone
 * do not open it over the table.
 */
export const ParametersTableRailAtRest: Story = {
  decorators: [at('/parameters/empresa')],
  beforeEach: parametersTables,
  play: async () => {
    await expect(await screen.findByText(/^(45 de 45 registros|45 of 45 records)$/)).toBeVisible();
    await fireEvent.mouseOver(tablesRail(), { clientX: 70, clientY: 200 });
    await fireEvent.mouseEnter(tablesRail(), { clientX: 70, clientY: 200 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(tablesRail()).toHaveAttribute('data-expanded', 'false');
  },
};
/** A pointer moved onto the rail and resting there opens it over the content, names beside the icons. */
export const ParametersTableRailHovered: Story = {
  decorators: [at('/parameters/empresa')],
  beforeEach: parametersTables,
  play: async () => {
    await expect(await screen.findByText(/^(45 de 45 registros|45 of 45 records)$/)).toBeVisible();
    await userEvent.hover(within(tablesRail()).getByRole('button', { name: /^(Empresa|Company)$/ }));
    await waitFor(() => expect(tablesRail()).toHaveAttribute('data-expanded', 'true'));
    await expect(within(tablesRail()).getByText(/^(DISPOSITIVOS|DEVICES)$/)).toBeVisible();
  },
};
export const ParametersTableRailHoveredEnglish: Story = { ...ParametersTableRailHovered, globals: { language: 'en' } };
export const Thresholds: Story = {
  decorators: [at('/umbrales')],
  beforeEach: ({ msw }) => {
    msw.use(...thresholdHandlers.loaded());
  },
  play: async () => {
    await screen.findByRole('table', { name: 'Umbrales' });
    // The spec's label, so the tab is never mistaken for the gear's settings.
    const breadcrumb = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(within(breadcrumb).getByText('CONFIGURACIÓN · Umbrales de alerta')).toBeVisible();
    const mainMenu = screen.getByRole('navigation', { name: 'Menú principal' });
    await expect(within(mainMenu).getByRole('button', { name: 'CONFIGURACIÓN · Umbrales de alerta' })).toHaveAttribute('aria-current', 'page');
  },
};
export const Fallback: Story = { decorators: [at('/no-such-tab')] };
export const FiltersChosen: Story = {
  decorators: [at('/', { paisId: 1, empresaId: 1, fundoId: 2 })],
  play: async () => {
    await waitFor(() => expect(screen.getByDisplayValue('Santa Rosa')).toBeVisible());
  },
};
export const Offline: Story = {
  decorators: [at('/')],
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.statusOffline());
  },
  play: async () => {
    await expect((await screen.findAllByText(/Sin conexión|Offline/))[0]).toBeVisible();
    // The header and the banner read one connection state: a failing health check shows in both.
    await expect(await screen.findByRole('alert', { name: connectionLostText })).toBeVisible();
  },
};

/** The cascade: Empresa waits for a country, Fundo for a company; a new country clears both. */
export const Cascade: Story = {
  decorators: [at('/')],
  play: async () => {
    const [pais, empresa, fundo] = await screen.findAllByRole('combobox');
    await expect(empresa).toBeDisabled();
    await expect(fundo).toBeDisabled();
    await userEvent.click(pais!);
    await userEvent.click(await screen.findByRole('option', { name: 'Perú' }));
    await waitFor(() => expect(empresa).toBeEnabled());
    await userEvent.click(empresa!);
    await userEvent.click(await screen.findByRole('option', { name: 'Agrícola Virú' }));
    await waitFor(() => expect(fundo).toBeEnabled());
    await userEvent.click(pais!);
    await userEvent.click(await screen.findByRole('option', { name: 'Chile' }));
    await waitFor(() => expect(fundo).toBeDisabled());
    await expect(empresa).toHaveValue('');
  },
};

export const Configuration: Story = {
  decorators: [at('/configuration')],
  beforeEach: ({ msw }) => {
    msw.use(...authHandlers.messageLanguage('es'), ...authHandlers.ingestKeys());
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: /^(Idioma|Language)$/ }, { timeout: 10_000 })).toBeVisible();
    // The notification language has been read: its two choices beside the console's two.
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(4), { timeout: 10_000 });
    // An admin manages the gateways' ingest keys here too.
    await expect(await screen.findByRole('table', { name: /^(Claves de ingesta|Ingest keys)$/ }, { timeout: 10_000 })).toBeVisible();
    // Titled as the gear's entry names it, never like the thresholds tab.
    await expect(screen.getByRole('heading', { level: 1, name: /^(Ajustes|Settings)$/ })).toBeVisible();
    const breadcrumb = screen.getByRole('navigation', { name: /^(Ruta de navegación|Breadcrumb)$/ });
    await expect(within(breadcrumb).getByText(/^(AJUSTES|SETTINGS)$/)).toBeVisible();
  },
};
export const ConfigurationEnglish: Story = { ...Configuration, globals: { language: 'en' } };

const phone = { viewport: { value: 'phone' } };
const menuButton = () => screen.getByRole('button', { name: /^(Abrir menú|Open menu)$/ });
const drawer = () => screen.findByRole('dialog', { name: /^(Menú|Menu)$/ });

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function noSidewaysScroll() {
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/** A phone: no rails, the menu button instead; the avatar and the status button in view. */
export const PhoneWelcome: Story = {
  decorators: [at('/')],
  globals: phone,
  play: async () => {
    await expect(menuButton()).toBeVisible();
    await expect(screen.queryByRole('navigation', { name: /^(Menú principal|Main menu)$/ })).toBeNull();
    await expect(screen.getByRole('button', { name: /^(Menú de usuario|User menu)$/ })).toBeVisible();
    await expect(screen.getByRole('button', { name: /^(Ver estado del sistema|Show system status)$/ })).toBeVisible();
    await noSidewaysScroll();
  },
};
/** The drawer open: the main menu, the global filters and the status, labelled. */
export const PhoneDrawerOpen: Story = {
  decorators: [at('/')],
  globals: phone,
  play: async () => {
    await userEvent.click(menuButton());
    const open = await drawer();
    await expect(within(open).getByRole('navigation', { name: /^(Menú principal|Main menu)$/ })).toBeVisible();
    await expect(within(open).getAllByRole('combobox')).toHaveLength(3);
    await waitFor(() => expect(within(open).getByText('128')).toBeVisible());
    // Modal: the page behind is hidden from assistive technology while the drawer is open.
    await expect(screen.getByRole('button', { name: /^(Abrir menú|Open menu)$/, hidden: true })).toHaveAttribute('aria-expanded', 'true');
  },
};
export const PhoneDrawerOpenEnglish: Story = { ...PhoneDrawerOpen, globals: { ...phone, language: 'en' } };
/**
 * A section whose choice is pending keeps the drawer open with its menu; the choice closes it and
 * the alerts read as cards.
 */
export const PhoneAlertsCards: Story = {
  decorators: [at('/')],
  globals: phone,
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.hierarchy(), ...senseHandlers.status(), ...reportHandlers.alertas());
  },
  play: async () => {
    await userEvent.click(menuButton());
    await userEvent.click(within(await drawer()).getByRole('button', { name: 'REPORTES' }));
    const reportsMenu = within(await drawer()).getByRole('navigation', { name: 'Menú de reportes' });
    await userEvent.click(within(reportsMenu).getByRole('button', { name: 'ALERTAS' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cards = await screen.findByRole('list', { name: 'Alertas' });
    await waitFor(() => expect(cards).toHaveAttribute('aria-busy', 'false'));
    await expect(within(cards).getAllByRole('listitem').length).toBeGreaterThan(0);
    await expect(screen.queryByRole('table', { name: 'Alertas' })).toBeNull();
    await noSidewaysScroll();
    // Focus returns to the button that opened the drawer.
    await waitFor(() => expect(menuButton()).toHaveFocus());
  },
};
/** The header status on a phone: a button, and a popover with the same figures. */
export const PhoneStatusPopover: Story = {
  decorators: [at('/')],
  globals: phone,
  play: async () => {
    // A phone builds no status but the popover's, at its first opening (no rails, no header line).
    await userEvent.click(screen.getByRole('button', { name: /^(Ver estado del sistema|Show system status)$/ }));
    const popover = await screen.findByRole('dialog', { name: /^(ESTADO DEL SISTEMA|SYSTEM STATUS)$/ });
    await expect(await within(popover).findByText('128')).toBeVisible();
  },
};
/** A parameters table on a phone scrolls sideways inside its frame, the page does not. */
export const PhoneParametersTable: Story = {
  decorators: [at('/parameters/empresa')],
  globals: phone,
  beforeEach: parametersTables,
  play: async () => {
    await expect(await screen.findByText(/^(45 de 45 registros|45 of 45 records)$/)).toBeVisible();
    await noSidewaysScroll();
  },
};
/** A tablet keeps the rails beside the content (from `md`), no menu button. */
export const TabletParametersTable: Story = {
  decorators: [at('/parameters/empresa')],
  globals: { viewport: { value: 'tablet' } },
  beforeEach: parametersTables,
  play: async () => {
    await expect(await screen.findByRole('navigation', { name: /^(Operaciones|Operations)$/ })).toBeVisible();
    await expect(screen.queryByRole('button', { name: /^(Abrir menú|Open menu)$/ })).toBeNull();
    await expect(await screen.findByText(/^(45 de 45 registros|45 of 45 records)$/)).toBeVisible();
    await noSidewaysScroll();
  },
};
export const TabletReportsPrompt: Story = { decorators: [at('/reportes')], globals: { viewport: { value: 'tablet' } }, play: statusLoaded };
/**
 * At 1440 px a parameters table's breadcrumb is whole. Its three rails leave the header under
 * 1280 px, so the status is in its button there (issue 28: inline, it cut the breadcrumb to "CampoSense > R").
 */
export const WideParametersTable: Story = {
  decorators: [at('/parameters/audit_log_umbral')],
  globals: { viewport: { value: 'wide' } },
  beforeEach: parametersTables,
  play: async () => {
    await statusLoaded();
    await expect(screen.getByRole('button', { name: /^(Ver estado del sistema|Show system status)$/ })).toBeVisible();
    const breadcrumb = screen.getByRole('navigation', { name: /^(Ruta de navegación|Breadcrumb)$/ });
    for (const item of within(breadcrumb).getAllByRole('listitem')) {
      const crumb = item.firstElementChild as HTMLElement;
      await expect(crumb.scrollWidth).toBeLessThanOrEqual(crumb.clientWidth);
    }
  },
};
/** The reports have one rail: at 1440 px the header has room for the status beside the breadcrumb. */
export const WideReportsStatus: Story = {
  decorators: [at('/reportes/mensajes')],
  globals: { viewport: { value: 'wide' } },
  play: async () => {
    await statusLoaded();
    const status = screen.getByRole('status', { name: /^(ESTADO DEL SISTEMA|SYSTEM STATUS)$/ });
    await expect(status).toBeVisible();
    await expect(status.scrollWidth).toBeLessThanOrEqual(status.clientWidth);
  },
};
/** A phone's header names the table (its operations are in the drawer). */
export const PhoneParametersTableName: Story = {
  decorators: [at('/parameters/audit_log_umbral')],
  globals: phone,
  beforeEach: parametersTables,
  play: async () => {
    const breadcrumb = screen.getByRole('navigation', { name: /^(Ruta de navegación|Breadcrumb)$/ });
    await expect(within(breadcrumb).getByText(/^(Auditoría de umbrales|Threshold audit log)$/)).toBeVisible();
    await expect(within(breadcrumb).getByText(/^(Estado|Status)$/)).not.toBeVisible();
    await noSidewaysScroll();
  },
};
export const PhoneParametersTableNameEnglish: Story = { ...PhoneParametersTableName, globals: { ...phone, language: 'en' } };

/** The banner, named by its message: the failed queries' error boxes are alerts too. */
const connectionLostText = /^(Sin conexión con el servidor\. Reintentando…|No connection to the server\. Retrying…)$/;

/** The API is unreachable: the banner under the header says the console keeps retrying. */
export const ConnectionLost: Story = {
  decorators: [at('/')],
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.unreachable());
  },
  play: async () => {
    await expect(await screen.findByRole('alert', { name: connectionLostText })).toBeVisible();
  },
};
export const ConnectionLostEnglish: Story = { ...ConnectionLost, globals: { language: 'en' } };
export const ConnectionLostPhone: Story = { ...ConnectionLost, globals: phone };
/** Unreachable, then back: the retry's answer takes the banner away. */
export const ConnectionBack: Story = {
  decorators: [at('/')],
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.unreachable());
  },
  play: async ({ msw }) => {
    await screen.findByRole('alert', { name: connectionLostText });
    msw.resetHandlers();
    msw.use(...senseHandlers.hierarchy(), ...senseHandlers.status());
    await userEvent.click(screen.getByRole('button', { name: /^(Reintentar ahora|Retry now)$/ }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: connectionLostText })).toBeNull(), { timeout: 15_000 });
    // Every query revalidates at once after the retry; on two loaded cores the status may come last.
    await waitFor(() => expect(screen.getAllByText('128').length).toBeGreaterThan(0), { timeout: 15_000 });
  },
};
