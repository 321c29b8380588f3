import type { Meta, StoryObj } from '@storybook/react-vite';
import { DisplayTimeZoneContext } from '@camposense/i18n';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ScopeChip } from '../scope-chip/scope-chip';
import { StatusCard } from '../status-card/status-card';
import { UserMenu } from '../user-menu/user-menu';
import { AppHeader } from './app-header';

const meta = {
  title: 'UI/AppHeader',
  component: AppHeader,
  argTypes: {
    // Slots the shell fills with other components (each with its own stories).
    status: { control: false },
    statusCard: { control: false },
    userMenu: { control: false },
    scope: { control: false },
    lastUpdate: { control: 'date' },
  },
  args: {
    crumbs: [{ label: 'CampoSense' }],
    lastUpdate: new Date('2026-11-21T15:25:00Z'),
    timeZone: 'America/Lima',
    onOpenSettings: fn(),
    userMenu: <UserMenu email="admin@camposense.dev" onSignOut={fn()} />,
    status: <StatusCard variant="inline" connection="live" activeTime="1 h 05 min" sensors={60} activeAlerts={128} />,
    statusCard: <StatusCard connection="live" activeTime="1 h 05 min" sensors={60} activeAlerts={128} />,
    onOpenMenu: fn(),
  },
} satisfies Meta<typeof AppHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Welcome: Story = {};
export const Parameters: Story = {
  args: {
    crumbs: [{ label: 'CampoSense' }, { label: 'PARÁMETROS', accent: 'section.parameters' }, { label: 'Empresa' }, { label: 'Crear' }],
  },
};
export const Reports: Story = {
  args: { crumbs: [{ label: 'CampoSense' }, { label: 'REPORTES', accent: 'section.reports' }, { label: 'ALERTAS' }] },
};
export const Thresholds: Story = {
  args: { crumbs: [{ label: 'CampoSense' }, { label: 'CONFIGURACIÓN', accent: 'section.thresholds' }] },
};
export const NeverUpdated: Story = { args: { lastUpdate: null } };
export const English: Story = {
  args: { crumbs: [{ label: 'CampoSense' }, { label: 'REPORTS', accent: 'section.reports' }, { label: 'MESSAGES' }] },
  globals: { language: 'en' },
};
/** Scoped to one farm: the chip sits after the breadcrumb. */
export const Scoped: Story = {
  args: {
    crumbs: [{ label: 'CampoSense' }, { label: 'REPORTES', accent: 'section.reports' }, { label: 'DASHBOARD' }],
    scope: <ScopeChip pais="Chile" empresa="Agrícola Andes" fundo="El Retiro" onClear={fn()} />,
  },
};

/**
 * No zone of its own: the last update is read in the console's display zone (a Chilean farm's
 * here, the shell's provider stood in for), and the tooltip names it.
 */
export const FarmTimeZone: Story = {
  args: { timeZone: undefined },
  globals: { viewport: { value: 'wide' } },
  decorators: [
    (Story) => <DisplayTimeZoneContext.Provider value={{ timeZone: 'America/Santiago', basis: 'fundo' }}>{Story()}</DisplayTimeZoneContext.Provider>,
  ],
  play: async () => {
    // 15:25 UTC is 12:25 in Santiago's summer (GMT-3), 10:25 in the stories' Lima.
    const updated = screen.getByTitle(/America\/Santiago \(GMT-3\)/);
    await expect(updated).toHaveTextContent('21/11/2026, 12:25');
  },
};

const alertsCrumbs = [{ label: 'CampoSense' }, { label: 'REPORTES', accent: 'section.reports' }, { label: 'ALERTAS' }];

/** The status shows in the header from 1280 px: at 1440, whole, beside the last update. */
export const Wide: Story = {
  args: { crumbs: alertsCrumbs },
  globals: { viewport: { value: 'wide' } },
  play: async () => {
    const status = screen.getByRole('status', { name: /^(ESTADO DEL SISTEMA|SYSTEM STATUS)$/ });
    await expect(status).toBeVisible();
    await expect(status.scrollWidth).toBeLessThanOrEqual(status.clientWidth);
    await expect(screen.queryByRole('button', { name: /^(Ver estado del sistema|Show system status)$/ })).toBeNull();
  },
};
/** A tablet: the status folds into its button; no menu button, the sidebars are rails. */
export const Tablet: Story = {
  args: { crumbs: alertsCrumbs },
  globals: { viewport: { value: 'tablet' } },
  play: async () => {
    await expect(screen.getByRole('button', { name: /^(Ver estado del sistema|Show system status)$/ })).toBeVisible();
    await expect(screen.queryByRole('button', { name: /^(Abrir menú|Open menu)$/ })).toBeNull();
  },
};
/** A phone: the menu button, the last crumb only, the status button, settings and the avatar in view. */
export const Phone: Story = {
  args: { crumbs: alertsCrumbs },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await expect(screen.getByRole('button', { name: /^(Abrir menú|Open menu)$/ })).toBeVisible();
    await expect(screen.getByRole('button', { name: /^(Ver estado del sistema|Show system status)$/ })).toBeVisible();
    const avatar = screen.getByRole('button', { name: /^(Menú de usuario|User menu)$/ });
    await expect(avatar).toBeVisible();
    await expect(avatar.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(screen.getByText('ALERTAS')).toBeVisible();
  },
};
/** The status popover on a phone: the same figures as the header line, and the last update. */
export const PhoneStatusOpen: Story = {
  args: { crumbs: alertsCrumbs },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: /^(Ver estado del sistema|Show system status)$/ }));
    const popover = await screen.findByRole('dialog', { name: /^(ESTADO DEL SISTEMA|SYSTEM STATUS)$/ });
    await expect(within(popover).getByText(/^(Sistema en línea|System online)$/)).toBeVisible();
    await expect(within(popover).getByText('128')).toBeVisible();
    await expect(within(popover).getByText(/(Última actualización|Last update)/)).toBeVisible();
  },
};
export const PhoneStatusOpenEnglish: Story = { ...PhoneStatusOpen, globals: { viewport: { value: 'phone' }, language: 'en' } };

/** A table with a long name, a long scope, a narrow header (40rem here): the middle crumbs give way, each with its full text on hover. */
export const LongBreadcrumb: Story = {
  args: {
    crumbs: [{ label: 'CampoSense' }, { label: 'PARÁMETROS', accent: 'section.parameters' }, { label: 'Auditoría de umbrales' }, { label: 'Masivo' }],
    scope: <ScopeChip pais="Perú" empresa="Agroexportadora Virú S.A.C." fundo="Fundo San José" onClear={fn()} />,
  },
  decorators: [
    (Story) => (
      <div style={{ width: '40rem' }}>
        <Story />
      </div>
    ),
  ],
  play: async () => {
    const breadcrumb = screen.getByRole('navigation', { name: /^(Ruta de navegación|Breadcrumb)$/ });
    const crumbs = within(breadcrumb).getAllByRole('listitem').filter((item) => item.getAttribute('data-crumb') !== null);
    const links = crumbs.map((item) => item.firstElementChild as HTMLElement);
    // The product name and the page stay whole; a middle crumb cut short keeps its full text as its title.
    for (const [index, link] of links.entries()) {
      const middle = index > 0 && index < links.length - 1;
      if (!middle) await expect(link.scrollWidth).toBeLessThanOrEqual(link.clientWidth);
      else {
        await expect(link.clientWidth).toBeGreaterThan(0);
        if (link.scrollWidth > link.clientWidth) await expect(link).toHaveAttribute('title', link.textContent ?? '');
      }
    }
    await expect(links.some((link) => link.scrollWidth > link.clientWidth)).toBe(true);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
export const LongBreadcrumbEnglish: Story = {
  ...LongBreadcrumb,
  args: {
    ...LongBreadcrumb.args,
    crumbs: [{ label: 'CampoSense' }, { label: 'PARAMETERS', accent: 'section.parameters' }, { label: 'Threshold audit log' }, { label: 'Bulk' }],
  },
  globals: { language: 'en' },
};

const tableCrumbs = [
  { label: 'CampoSense' },
  { label: 'PARÁMETROS', accent: 'section.parameters' },
  { label: 'Umbral', onPhone: true },
  { label: 'Masivo' },
];

/** A phone names the table (the section and operations are in its drawer). */
export const PhoneTableName: Story = {
  args: { crumbs: tableCrumbs },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await expect(screen.getByText('Umbral')).toBeVisible();
    await expect(screen.getByText('Masivo')).not.toBeVisible();
    await expect(screen.getByText('PARÁMETROS')).not.toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
export const PhoneTableNameEnglish: Story = {
  args: {
    crumbs: [
      { label: 'CampoSense' },
      { label: 'PARAMETERS', accent: 'section.parameters' },
      { label: 'Threshold', onPhone: true },
      { label: 'Bulk' },
    ],
  },
  globals: { viewport: { value: 'phone' }, language: 'en' },
  play: async () => {
    await expect(screen.getByText('Threshold')).toBeVisible();
    await expect(screen.getByText('Bulk')).not.toBeVisible();
  },
};
/** The thresholds tab on a phone: its table's short name instead of the tab's long title. */
export const PhoneThresholdsName: Story = {
  args: {
    crumbs: [{ label: 'CampoSense' }, { label: 'CONFIGURACIÓN · Umbrales de alerta', accent: 'section.thresholds', onPhone: true, phoneLabel: 'Umbrales' }],
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await expect(screen.getByText('Umbrales')).toBeVisible();
    await expect(screen.getByText('CONFIGURACIÓN · Umbrales de alerta')).not.toBeVisible();
  },
};
/** A scoped phone: the chip stays in the header (a farm's alerts are never taken for all), naming the farm; its name and title give the path. */
export const PhoneScoped: Story = {
  args: {
    crumbs: tableCrumbs,
    scope: <ScopeChip pais="Perú" empresa="Agroexportadora Virú S.A.C." fundo="Fundo San José" onClear={fn()} />,
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const chip = screen.getByRole('group', { name: /Perú › Agroexportadora Virú S\.A\.C\. › Fundo San José/ });
    await expect(chip).toBeVisible();
    await expect(within(chip).getByText('Fundo San José')).toBeVisible();
    await expect(within(chip).getByRole('button')).toBeVisible();
    await expect(screen.getByText('Umbral')).toBeVisible();
    await expect(chip.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
export const PhoneScopedEnglish: Story = { ...PhoneScoped, globals: { viewport: { value: 'phone' }, language: 'en' } };
