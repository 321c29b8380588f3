import { Flex } from '@chakra-ui/react';
import { tablesInGroup, TABLE_GROUPS } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Activity, Bell, CirclePlus, ListChecks, Mail, Pencil } from 'lucide-react';
import { expect, fn, within } from 'storybook/test';
import { AuxSidebar, type AuxSidebarGroup, type AuxSidebarProps } from './aux-sidebar';
import { TableIcon } from './table-icons';

/**
 * Labels in these args are i18n keys, translated at render, so the stories follow the toolbar's
 * language. A text that is no key (typed in the Controls panel) is shown as typed.
 */
function TranslatedAuxSidebar(props: AuxSidebarProps) {
  const { t } = useTranslation();
  // Keys typed in the Controls panel are any text, so the typed-key signature is widened here.
  const translate = t as (text: string) => string;
  const groups = props.groups.map((group) => ({
    ...group,
    label: group.label === undefined ? undefined : translate(group.label),
    items: group.items.map((item) => ({ ...item, label: translate(item.label) })),
  }));
  return <AuxSidebar {...props} label={translate(props.label)} groups={groups} />;
}

const reportsMenu: AuxSidebarGroup[] = [
  {
    id: 'reportes',
    items: [
      { id: 'dashboard', label: 'nav.dashboard', icon: <Activity size={18} /> },
      { id: 'alertas', label: 'nav.alertas', icon: <Bell size={18} /> },
      { id: 'mensajes', label: 'nav.mensajes', icon: <Mail size={18} /> },
    ],
  },
];

function tablesMenu(only?: (typeof TABLE_GROUPS)[number]): AuxSidebarGroup[] {
  return TABLE_GROUPS.filter((group) => !only || group === only).map((group) => ({
    id: group,
    label: `groups.${group}`,
    items: tablesInGroup(group).map((table) => ({ id: table.name, label: `tables.${table.name}`, icon: <TableIcon table={table.name} /> })),
  }));
}

const operationsItems = [
  { id: 'status', label: 'operations.status', icon: <ListChecks size={18} /> },
  { id: 'insert', label: 'operations.insert', icon: <CirclePlus size={18} /> },
  { id: 'update', label: 'operations.update', icon: <Pencil size={18} /> },
];

const meta = {
  title: 'UI/AuxSidebar',
  component: AuxSidebar,
  render: (args) => <TranslatedAuxSidebar {...args} />,
  args: { label: 'nav.reportsMenu', groups: reportsMenu, activeId: 'alertas', onSelect: fn(), expanded: true, accent: 'section.reports' },
  argTypes: {
    accent: { control: 'select', options: ['brand.fg', 'section.reports', 'section.parameters', 'section.thresholds'] },
    // Groups hold icons (elements), which the object editor cannot round-trip.
    groups: { control: false },
    hoverHandlers: { control: false },
    itemProps: { control: false },
  },
  decorators: [(Story) => <Flex h="100vh"><Story /></Flex>],
} satisfies Meta<typeof AuxSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReportsMenuExpanded: Story = {};
export const ReportsMenuCollapsed: Story = { args: { expanded: false } };

const tables = { label: 'nav.parametersMenu', activeId: 'fundo', accent: 'section.parameters' } as const;
export const TablesAllGroups: Story = { args: { ...tables, groups: tablesMenu() } };
export const TablesLocationGroup: Story = { args: { ...tables, groups: tablesMenu('location') } };
export const TablesDeviceGroup: Story = { args: { ...tables, groups: tablesMenu('device') } };
export const TablesThresholdGroup: Story = { args: { ...tables, groups: tablesMenu('threshold') } };
export const TablesUserGroup: Story = { args: { ...tables, groups: tablesMenu('user') } };
/** The rail as it sits beside a table: each table told apart by its icon, its name in the tooltip. */
export const TablesCollapsed: Story = {
  args: { ...tables, groups: tablesMenu(), expanded: false },
  play: async ({ canvasElement }) => {
    const rail = within(canvasElement).getByRole('navigation', { name: /^(Tablas de parámetros|Parameter tables)$/ });
    await expect(within(rail).getAllByRole('button')).toHaveLength(20);
    await expect(within(rail).getByRole('button', { name: /^(Fundo|Farm)$/ })).toHaveAttribute('aria-current', 'page');
    const pictures = new Set(within(rail).getAllByRole('button').map((button) => button.querySelector('svg')?.getAttribute('class')));
    await expect(pictures.size).toBe(20);
  },
};
export const TablesCollapsedEnglish: Story = { ...TablesCollapsed, globals: { language: 'en' } };
export const TablesEnglish: Story = { args: { ...tables, groups: tablesMenu() }, globals: { language: 'en' } };

const operations = { label: 'nav.operationsMenu', activeId: 'status', accent: 'section.parameters' } as const;
export const OperationsAdmin: Story = { args: { ...operations, groups: [{ id: 'operations', items: operationsItems }] } };
/** Beside an open table: always open in a narrow column of its own, so it never covers the table. */
export const OperationsDocked: Story = {
  args: { ...operations, groups: [{ id: 'operations', items: operationsItems }], expanded: false, docked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^(Actualizar|Update)$/)).toBeVisible();
  },
};
export const OperationsDockedEnglish: Story = { ...OperationsDocked, globals: { language: 'en' } };
/** A reader sees the status view only. */
export const OperationsReader: Story = { args: { ...operations, groups: [{ id: 'operations', items: operationsItems.slice(0, 1) }] } };
