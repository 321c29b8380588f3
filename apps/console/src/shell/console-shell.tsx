import { Box, Flex } from '@chakra-ui/react';
import { useAccess, useAuth, useConnectionRetry, useGlobalScope, useOfflineStatus, useSystemStatus } from '@camposense/data-access';
import { findTable, tablesInGroup, TABLE_GROUPS, type SessionUser } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import {
  AppHeader,
  AUX_SIDEBAR_COLLAPSE_DELAY_MS,
  AuxSidebar,
  ConnectionBanner,
  HEADER_HEIGHT,
  MainSidebar,
  OfflineNotice,
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
import { useEffect, useState } from 'react';
import { useNavigation } from '../navigation/navigation';
import { crumbsOf, isOperation, isReportId, OPERATIONS, operationsFor, promptOf, REPORT_IDS, REPORTS, SECTIONS, sectionOf, type Operation } from '../navigation/routes';
import { schedulePreloads, useHoverPreload } from '../screens/preload-schedule';
import { allScreens } from '../screens/screens';
import { AccessGate } from './access-gate';
import { ActiveScreen } from './active-screen';
import { GlobalFiltersPanel } from './global-filters-panel';
import { useActiveTime } from './use-active-time';

export interface ConsoleShellProps {
  user: SessionUser;
}

/** The signed-in console: sidebars, header and the active tab's screen (spec section 2). */
export function ConsoleShell({ user }: ConsoleShellProps) {
  const { t } = useTranslation();
  const { route, tab, subtab, navigate } = useNavigation();
  const { signOut } = useAuth();
  const { confirmLeave } = useUnsavedChanges();
  const status = useSystemStatus();
  const connection = useConnectionRetry();
  const offline = useOfflineStatus();
  const activeTime = useActiveTime();
  const scope = useGlobalScope();
  const access = useAccess();

  const section = sectionOf(route);
  const table = route.name === 'table' ? route.table : null;
  const onWelcome = route.name === 'welcome';

  const main = useHoverExpand({ collapseDelayMs: SIDEBAR_COLLAPSE_DELAY_MS, initiallyExpanded: onWelcome });
  const aux = useHoverExpand({ collapseDelayMs: AUX_SIDEBAR_COLLAPSE_DELAY_MS });
  // While its choice is pending the auxiliary menu stays open in a column of its own: the prompt
  // beside it asks for that choice, and an overlay would cover the breadcrumb.
  const auxChoicePending = promptOf(route) !== undefined;

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
    if (next !== section && !(await confirmLeave('subtab', t(SECTIONS[next].title)))) return;
    navigate(SECTIONS[next].route);
    main.collapseNow();
  };

  const selectReport = (id: string) => {
    navigate({ name: 'report', report: id });
    aux.collapseNow();
  };

  const selectTable = async (nextTable: string) => {
    const definition = findTable(nextTable);
    if (!definition || nextTable === table) return;
    if (await confirmLeave('parameter', t(`tables.${definition.name}`))) {
      navigate({ name: 'table', table: definition.name, operation: 'status' });
      aux.collapseNow();
    }
  };

  const selectOperation = async (next: string) => {
    if (!table || next === subtab || !isOperation(next)) return;
    if (await confirmLeave('subtab', t(OPERATIONS[next].label))) {
      navigate({ name: 'table', table, operation: next });
    }
  };

  const reportGroups: AuxSidebarGroup[] = [
    {
      id: 'reportes',
      items: REPORT_IDS.map((id) => {
        const { label, icon: Icon } = REPORTS[id];
        return { id, label: t(label), icon: <Icon size={18} /> };
      }),
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
  const operationItems = (operations: Operation[]) =>
    operations.map((operation) => {
      const { label, icon: Icon } = OPERATIONS[operation];
      return { id: operation, label: t(label), icon: <Icon size={18} /> };
    });

  const crumbs: Crumb[] = [
    { label: t('app.name') },
    ...crumbsOf(route).map(({ label, accent, onPhone, phoneLabel }): Crumb => ({
      label: t(label),
      ...(accent ? { accent: SECTION_ACCENT[accent] } : {}),
      ...(onPhone ? { onPhone } : {}),
      ...(phoneLabel ? { phoneLabel: t(phoneLabel) } : {}),
    })),
  ];

  // One connection state for the header, the banner and every live indicator: they cannot disagree.
  const statusFigures = { connection: connection.state, activeTime, sensors: status.sensors, activeAlerts: status.activeAlerts };

  /** The sidebars: rails beside the content, or (inDrawer) stacked in the phone's drawer. */
  const sidebars = (inDrawer: boolean) => (
    <>
      <MainSidebar
        activeSection={section}
        pinned={onWelcome}
        onSelect={(next) => void selectSection(next)}
        itemProps={(item) => preloadOnHover(SECTIONS[item].preload)}
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
          activeId={route.name === 'report' ? route.report : route.name === 'dashboard' ? 'dashboard' : null}
          onSelect={selectReport}
          itemProps={(id) => preloadOnHover(isReportId(id) ? REPORTS[id].screen : undefined)}
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
          itemProps={() => preloadOnHover(SECTIONS.parameters.preload)}
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
          groups={[{ id: 'operations', items: operationItems(operationsFor(table, user, access)) }]}
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
          onOpenSettings={() => navigate({ name: 'configuration' })}
          userMenu={<UserMenu email={user.email} onSignOut={() => void signOut()} />}
        />
        {/* Without signal the console shows what it kept, says so and from when; the lost-server banner is for the rest. */}
        {offline.offline ? (
          <OfflineNotice since={offline.since} lastDataAt={offline.lastDataAt} />
        ) : (
          <ConnectionBanner state={connection.state} onRetryNow={connection.retryNow} />
        )}
        <Box
          as="main"
          h={onWelcome || connection.lost ? 'auto' : `calc(100vh - ${HEADER_HEIGHT})`}
          flex={onWelcome || connection.lost ? '1' : undefined}
          minH="0"
          overflow="auto"
          display="flex"
          flexDirection="column"
        >
          {/* The settings stay open whatever the grant: they are the user's own (and list the grant). */}
          {route.name === 'configuration' ? (
            <ActiveScreen user={user} />
          ) : (
            <AccessGate>
              <ActiveScreen user={user} />
            </AccessGate>
          )}
        </Box>
      </Flex>
    </Flex>
  );
}
