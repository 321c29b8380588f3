import { Flex } from '@chakra-ui/react';
import { tablesInGroup, TABLE_GROUPS } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Activity, Bell, CirclePlus, ListChecks, Mail, Pencil, Table2 } from 'lucide-react';
import { fn } from 'storybook/test';
import { StatusCard } from '../status-card/status-card';
import { AuxSidebar } from './aux-sidebar';
import { MainSidebar } from './main-sidebar';

const meta = {
  title: 'UI/Sidebars',
  component: MainSidebar,
  args: { activeSection: null, onSelect: fn(), expanded: true },
  decorators: [(Story) => <Flex h="100vh"><Story /></Flex>],
} satisfies Meta<typeof MainSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = <StatusCard online activeTime="1 h 05 min" sensors={60} activeAlerts={128} />;

export const MainExpanded: Story = { args: { status } };
/** On welcome the main sidebar takes its width in the layout instead of overlaying. */
export const MainPinned: Story = { args: { status, pinned: true } };
export const MainCollapsed: Story = { args: { expanded: false, activeSection: 'reportes' } };
export const MainReportsActive: Story = { args: { activeSection: 'reportes', status } };
export const MainParametersActive: Story = { args: { activeSection: 'parameters' } };
export const MainThresholdsActive: Story = { args: { activeSection: 'umbrales' } };
export const MainEnglish: Story = { args: { activeSection: 'umbrales', status }, globals: { language: 'en' } };

function ReportsMenu({ expanded }: { expanded: boolean }) {
  const { t } = useTranslation();
  return (
    <AuxSidebar
      label={t('nav.reportsMenu')}
      expanded={expanded}
      activeId="alertas"
      onSelect={() => undefined}
      accent="section.reports"
      groups={[
        {
          id: 'reportes',
          items: [
            { id: 'dashboard', label: t('nav.dashboard'), icon: <Activity size={18} /> },
            { id: 'alertas', label: t('nav.alertas'), icon: <Bell size={18} /> },
            { id: 'mensajes', label: t('nav.mensajes'), icon: <Mail size={18} /> },
          ],
        },
      ]}
    />
  );
}

function TablesMenu({ only }: { only?: (typeof TABLE_GROUPS)[number] }) {
  const { t } = useTranslation();
  return (
    <AuxSidebar
      label={t('nav.parametersMenu')}
      expanded
      activeId="fundo"
      onSelect={() => undefined}
      accent="section.parameters"
      groups={TABLE_GROUPS.filter((group) => !only || group === only).map((group) => ({
        id: group,
        label: t(`groups.${group}`),
        items: tablesInGroup(group).map((table) => ({ id: table.name, label: t(`tables.${table.name}`), icon: <Table2 size={18} /> })),
      }))}
    />
  );
}

function OperationsMenu({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const items = [
    { id: 'status', label: t('operations.status'), icon: <ListChecks size={18} /> },
    { id: 'insert', label: t('operations.insert'), icon: <CirclePlus size={18} /> },
    { id: 'update', label: t('operations.update'), icon: <Pencil size={18} /> },
  ];
  return (
    <AuxSidebar
      label={t('nav.operationsMenu')}
      expanded
      activeId="status"
      onSelect={() => undefined}
      accent="section.parameters"
      groups={[{ id: 'operations', items: readOnly ? items.slice(0, 1) : items }]}
    />
  );
}

export const ReportsMenuExpanded: Story = { render: () => <ReportsMenu expanded /> };
export const ReportsMenuCollapsed: Story = { render: () => <ReportsMenu expanded={false} /> };
export const TablesAllGroups: Story = { render: () => <TablesMenu /> };
export const TablesLocationGroup: Story = { render: () => <TablesMenu only="location" /> };
export const TablesDeviceGroup: Story = { render: () => <TablesMenu only="device" /> };
export const TablesThresholdGroup: Story = { render: () => <TablesMenu only="threshold" /> };
export const TablesUserGroup: Story = { render: () => <TablesMenu only="user" /> };
export const TablesEnglish: Story = { render: () => <TablesMenu />, globals: { language: 'en' } };
export const OperationsAdmin: Story = { render: () => <OperationsMenu /> };
export const OperationsReader: Story = { render: () => <OperationsMenu readOnly /> };
