import { Box, Flex } from '@chakra-ui/react';
import { useAuth, useConnectionRetry, useGlobalScope, useSystemStatus } from '@camposense/data-access';
import { findTable, tablesInGroup, TABLE_GROUPS, type SessionUser, type TableOperation } from '@camposense/domain';
import { useTranslation, type Translate } from '@camposense/i18n';
import {
  AppHeader,
  AUX_SIDEBAR_COLLAPSE_DELAY_MS,
  AuxSidebar,
  ConnectionBanner,
  HEADER_HEIGHT,
  MainSidebar,
  ScopeChip,
  NavDrawer,
  SECTION_ACCENT,
  SIDEBAR_COLLAPSE_DELAY_MS,
  StatusCard,
  TableIcon,
  useHoverExpand,
  useUnsavedChanges,
  UserMenu,
  type AuxSidebarGroup,
  type Crumb,
  type MainSection,
} from '@camposense/ui';
import { Activity, Bell, CirclePlus, Layers, ListChecks, Mail, Pencil } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigation } from '../navigation/navigation';
import { parametersTable, reportSubtab, REPORT_SUBTABS } from '../navigation/tabs';
import { schedulePreloads, useHoverPreload } from '../screens/preload-schedule';
import { allScreens, screens } from '../screens/screens';
import { ActiveScreen } from './active-screen';
import { GlobalFiltersPanel } from './global-filters-panel';
import { useActiveTime } from './use-active-time';

export function sectionOf(tab: string): MainSection | null {
  if (tab === 'reportes' || tab.startsWith('reportes-') || tab === 'dashboard') return 'reportes';
  if (tab === 'parameters' || tab.startsWith('parameters-')) return 'parameters';
  if (tab === 'umbrales') return 'umbrales';
  return null;
}

/** A section's name in the breadcrumb and the leave prompt: the thresholds tab says what it configures (spec section 2). */
function sectionName(section: MainSection, t: Translate): string {
  return section === 'umbrales' ? t('nav.umbralesFull') : t(`nav.${section}`);
}

const REPORT_ICONS: Record<(typeof REPORT_SUBTABS)[number], ReactNode> = {
  dashboard: <Activity size={18} />,
  alertas: <Bell size={18} />,
  mensajes: <Mail size={18} />,
};

const OPERATION_ICONS: Record<TableOperation, ReactNode> = {
  status: <ListChecks size={18} />,
  insert: <CirclePlus size={18} />,
  update: <Pencil size={18} />,
  massive: <Layers size={18} />,
};

/** A `user` reads: the write operations are not offered (the API refuses them too). */
export function operationsFor(table: string, user: SessionUser): TableOperation[] {
  const operations = findTable(table)?.operations ?? [];
  return user.user_metadata.rol === 'admin' ? [...operations] : operations.filter((operation) => operation === 'status');
}

export interface ConsoleShellProps {
  user: SessionUser;
}

/** The signed-in console: sidebars, header and the active tab's screen (spec section 2). */
export function ConsoleShell({ user }: ConsoleShellProps) {
  const { t } = useTranslation();
  const { tab, subtab, navigate } = useNavigation();
  const { signOut } = useAuth();
  const { confirmLeave } = useUnsavedChanges();
  const status = useSystemStatus();
  const connection = useConnectionRetry();
  const activeTime = useActiveTime();
  const scope = useGlobalScope();

  const section = sectionOf(tab);
  const table = parametersTable(tab);
  const report = reportSubtab(tab);
  const onWelcome = tab === 'welcome';

  const main = useHoverExpand({ collapseDelayMs: SIDEBAR_COLLAPSE_DELAY_MS, initiallyExpanded: onWelcome });
  const aux = useHoverExpand({ collapseDelayMs: AUX_SIDEBAR_COLLAPSE_DELAY_MS });
  // While its choice is pending the auxiliary menu stays open in a column of its own: the prompt
  // beside it asks for that choice, and an overlay would cover the breadcrumb.
  const auxChoicePending = tab === 'reportes' || tab === 'parameters';

  // Phones (below `md`): the sidebars live in a drawer. A choice in it closes it, unless the tab
  // it leads to still waits for a choice in the section's menu, which is in the drawer too.
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    if (!auxChoicePending) setDrawerOpen(false);
  }, [tab, subtab, auxChoicePending]);

  useEffect(() => schedulePreloads(allScreens), []);
  const preloadOnHover = useHoverPreload();

  const hideMenus = () => {
    if (onWelcome) return;
    main.collapseNow();
    aux.collapseNow();
  };

  // A choice made in a menu folds it; the next menu (a section's sub-tabs or tables, a table's
  // operations) has a column of its own, so no overlay covers what the operator goes on to use.
  // Leaving a screen with unsaved edits (a threshold being tuned) asks first, like a table switch.
  const selectSection = async (next: MainSection) => {
    if (next !== sectionOf(tab) && !(await confirmLeave('subtab', sectionName(next, t)))) return;
    navigate(next);
    main.collapseNow();
  };

  const selectReport = (id: string) => {
    navigate(`reportes-${id}`);
    aux.collapseNow();
  };

  const selectTable = async (nextTable: string) => {
    if (nextTable === table) return;
    if (await confirmLeave('parameter', t(`tables.${nextTable}` as 'tables.pais'))) {
      navigate(`parameters-${nextTable}`, 'status');
      aux.collapseNow();
    }
  };

  const selectOperation = async (next: string) => {
    if (!table || next === subtab) return;
    if (await confirmLeave('subtab', t(`operations.${next}` as 'operations.status'))) {
      navigate(tab, next as TableOperation);
    }
  };

  const reportGroups: AuxSidebarGroup[] = [
    {
      id: 'reportes',
      items: REPORT_SUBTABS.map((id) => ({ id, label: t(`nav.${id}`), icon: REPORT_ICONS[id] })),
    },
  ];
  const tableGroups: AuxSidebarGroup[] = TABLE_GROUPS.map((group) => ({
    id: group,
    label: t(`groups.${group}`),
    items: tablesInGroup(group).map((definition) => ({
      id: definition.name,
      label: t(`tables.${definition.name}`),
      icon: <TableIcon table={definition.name} />,
    })),
  }));

  const crumbs: Crumb[] = [{ label: t('app.name') }];
  if (section === 'umbrales') {
    // A phone names the table the tab shows, not the tab's long title.
    crumbs.push({ label: sectionName(section, t), accent: SECTION_ACCENT[section], onPhone: true, phoneLabel: t('thresholds.tableLabel') });
  } else if (section) crumbs.push({ label: sectionName(section, t), accent: SECTION_ACCENT[section] });
  if (tab === 'configuration') crumbs.push({ label: t('nav.configuration') });
  if (report && (REPORT_SUBTABS as readonly string[]).includes(report)) crumbs.push({ label: t(`nav.${report as 'alertas'}`) });
  if (tab === 'dashboard') crumbs.push({ label: t('nav.dashboard') });
  if (table && findTable(table)) {
    // A phone's header has room for one name: the table's (the section and operations are in its drawer).
    crumbs.push({ label: t(`tables.${table}` as 'tables.pais'), onPhone: true });
    crumbs.push({ label: t(`operations.${subtab}`) });
  }

  // One connection state for the header, the banner and every live indicator: they cannot disagree.
  const statusFigures = { connection: connection.state, activeTime, sensors: status.sensors, activeAlerts: status.activeAlerts };

  /** The sidebars: rails beside the content, or (inDrawer) stacked in the phone's drawer. */
  const sidebars = (inDrawer: boolean) => (
    <>
      <MainSidebar
        activeSection={section}
        pinned={onWelcome}
        onSelect={(next) => void selectSection(next)}
        itemProps={(item) => preloadOnHover(item === 'umbrales' ? screens.thresholds : item === 'parameters' ? screens.parameters : undefined)}
        expanded={main.expanded}
        hoverHandlers={main.handlers}
        inDrawer={inDrawer}
        filters={<GlobalFiltersPanel />}
        status={<StatusCard {...statusFigures} />}
      />
      {section === 'reportes' ? (
        <AuxSidebar
          label={t('nav.reportsMenu')}
          groups={reportGroups}
          activeId={report ?? (tab === 'dashboard' ? 'dashboard' : null)}
          onSelect={selectReport}
          itemProps={(id) => preloadOnHover(id === 'alertas' ? screens.alerts : id === 'mensajes' ? screens.messages : screens.dashboard)}
          expanded={aux.expanded || auxChoicePending}
          pinned={auxChoicePending}
          hoverHandlers={aux.handlers}
          inDrawer={inDrawer}
          accent={SECTION_ACCENT.reportes}
        />
      ) : null}
      {section === 'parameters' ? (
        <AuxSidebar
          label={t('nav.parametersMenu')}
          groups={tableGroups}
          activeId={table}
          onSelect={(id) => void selectTable(id)}
          itemProps={() => preloadOnHover(screens.parameters)}
          expanded={aux.expanded || auxChoicePending}
          pinned={auxChoicePending}
          hoverHandlers={aux.handlers}
          inDrawer={inDrawer}
          accent={SECTION_ACCENT.parameters}
        />
      ) : null}
      {table && findTable(table) ? (
        <AuxSidebar
          label={t('nav.operationsMenu')}
          groups={[
            {
              id: 'operations',
              items: operationsFor(table, user).map((operation) => ({
                id: operation,
                label: t(`operations.${operation}`),
                icon: OPERATION_ICONS[operation],
              })),
            },
          ]}
          activeId={subtab}
          onSelect={(id) => void selectOperation(id)}
          // Docked: as an overlay it lay over the table's first columns while the pointer crossed it.
          expanded
          docked
          inDrawer={inDrawer}
          accent={SECTION_ACCENT.parameters}
        />
      ) : null}
    </>
  );

  return (
    <Flex h="100vh" w="full" bg="surface.page" overflow="hidden">
      <Flex hideBelow="md" h="full" flexShrink={0}>
        {sidebars(false)}
      </Flex>
      <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
        {sidebars(true)}
      </NavDrawer>
      {/* The header belongs to the content: a menu the pointer has left folds at once over it
          too, so it never lingers over the breadcrumb. */}
      <Flex direction="column" flex="1" minW="0" onMouseEnter={hideMenus}>
        <AppHeader
          crumbs={crumbs}
          lastUpdate={status.lastUpdate}
          scope={<ScopeChip pais={scope.pais} empresa={scope.empresa} fundo={scope.fundo} onClear={scope.clear} />}
          status={<StatusCard variant="inline" {...statusFigures} />}
          statusCard={<StatusCard {...statusFigures} />}
          onOpenMenu={() => setDrawerOpen(true)}
          menuOpen={drawerOpen}
          onOpenSettings={() => navigate('configuration')}
          userMenu={<UserMenu email={user.email} onSignOut={() => void signOut()} />}
        />
        <ConnectionBanner state={connection.state} onRetryNow={connection.retryNow} />
        <Box
          as="main"
          h={onWelcome || connection.lost ? 'auto' : `calc(100vh - ${HEADER_HEIGHT})`}
          flex={onWelcome || connection.lost ? '1' : undefined}
          minH="0"
          overflow="auto"
          display="flex"
          flexDirection="column"
        >
          <ActiveScreen user={user} />
        </Box>
      </Flex>
    </Flex>
  );
}
