import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
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
    status: <StatusCard variant="inline" online activeTime="1 h 05 min" sensors={60} activeAlerts={128} />,
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
