import { Box, Flex, useBreakpointValue } from '@chakra-ui/react';
import { useAccess, useAuth, useGlobalScope, useOfflineStatus } from '@camposense/data-access';
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
import { memo, useCallback, useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { useNavigation } from '../navigation/navigation';
import { crumbsOf, isOperation, isReportId, OPERATIONS, operationsFor, promptOf, REPORT_IDS, REPORTS, SECTIONS, sectionOf, type Operation } from '../navigation/routes';
import { schedulePreloads, useHoverPreload } from '../screens/preload-schedule';
import { allScreens } from '../screens/screens';
import { AccessGate } from './access-gate';
import { ActiveScreen } from './active-screen';
import { GlobalFiltersPanel } from './global-filters-panel';
import { ShellStatusProvider, useLastUpdate, useShellConnection, useStatusFigures } from './shell-status';

export interface ConsoleShellProps {
  user: SessionUser;
}

/**
 * The signed-in console: sidebars, header and the active tab's screen (spec section 2). The status
 * figures are read below it (ShellStatusProvider): an answer redraws the card, the line or the
 * banner that shows it, not the shell (issue 30, Lighthouse TBT).
 */
export function ConsoleShell({ user }: ConsoleShellProps) {
  const { t } = useTranslation();
  const { route, tab, subtab, navigate } = useNavigation();
  const { signOut } = useAuth();
  const { confirmLeave } = useUnsavedChanges();
  // Phones (below `md`) have the sidebars in the drawer only: the rails, hidden there by their
  // styles, are not built at all. Read from the media query at the first render (no SSR here), so
  // the first frame is already the right one.
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? true;

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
  const openMenu = useCallback(() => setDrawerOpen(true), []);
  const openSettings = useCallback(() => navigate({ name: 'configuration' }), [navigate]);
  const userMenu = useMemo(() => <UserMenu email={user.email} onSignOut={() => void signOut()} />, [user.email, signOut]);
  const isConfiguration = route.name === 'configuration';
  // The settings stay open whatever the grant: they are the user's own (and list the grant).
  const screen = useMemo(
    () =>
      isConfiguration ? (
        <ActiveScreen user={user} />
      ) : (
        <AccessGate>
          <ActiveScreen user={user} />
        </AccessGate>
      ),
    [isConfiguration, user],
  );

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

  const crumbs = useMemo<Crumb[]>(
    () => [
      { label: t('app.name') },
      ...crumbsOf(route).map(({ label, accent, onPhone, phoneLabel }): Crumb => ({
        label: t(label),
        ...(accent ? { accent: SECTION_ACCENT[accent] } : {}),
        ...(onPhone ? { onPhone } : {}),
        ...(phoneLabel ? { phoneLabel: t(phoneLabel) } : {}),
      })),
    ],
    [route, t],
  );

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
        filters={GLOBAL_FILTERS}
        status={STATUS_CARD}
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
        <OperationsSidebar table={table} user={user} items={operationItems} activeId={subtab} onSelect={(id) => void selectOperation(id)} inDrawer={inDrawer} />
      ) : null}
    </>
  );

  return (
    <ShellStatusProvider>
      <Flex h="100vh" w="full" bg="surface.page" overflow="hidden">
        {wide ? (
          <Flex hideBelow="md" h="full" flexShrink={0}>
            {sidebars(false)}
          </Flex>
        ) : (
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
            {sidebars(true)}
          </NavDrawer>
        )}
        {/* The header belongs to the content: a menu the pointer has left folds at once over it
            too, so it never lingers over the breadcrumb. */}
        <Flex direction="column" flex="1" minW="0" onMouseEnter={hideMenus}>
          <ShellHeader
            crumbs={crumbs}
            scope={SCOPE_CHIP}
            // The header's line shows from 1280 px of header only: never on a phone.
            status={wide ? INLINE_STATUS : undefined}
            statusCard={STATUS_CARD}
            onOpenMenu={openMenu}
            menuOpen={drawerOpen}
            onOpenSettings={openSettings}
            userMenu={userMenu}
          />
          <ShellConnectionNotice />
          <ShellMain onWelcome={onWelcome}>{screen}</ShellMain>
        </Flex>
      </Flex>
    </ShellStatusProvider>
  );
}

/** The global scope's names in the header (its hook, mounted once, also drops a scope that no longer exists). */
function ShellScopeChip() {
  const scope = useGlobalScope();
  return <ScopeChip pais={scope.pais} empresa={scope.empresa} fundo={scope.fundo} onClear={scope.clear} />;
}

/** The status card (or the header's line) with the shell's figures. */
const ShellStatusCard = memo(function ShellStatusCard({ variant }: { variant?: 'card' | 'inline' }) {
  return <StatusCard variant={variant} {...useStatusFigures()} />;
});

/** Without signal the console shows what it kept, says so and from when; the lost-server banner is for the rest. */
function ShellConnectionNotice() {
  const offline = useOfflineStatus();
  const connection = useShellConnection();
  return offline.offline ? (
    <OfflineNotice since={offline.since} lastDataAt={offline.lastDataAt} />
  ) : (
    <ConnectionBanner state={connection.state} onRetryNow={connection.retryNow} />
  );
}

// Made once: the same elements every render, so the parts they go into do not redraw for them.
const GLOBAL_FILTERS = <GlobalFiltersPanel />;
const STATUS_CARD = <ShellStatusCard />;
const INLINE_STATUS = <ShellStatusCard variant="inline" />;
const SCOPE_CHIP = <ShellScopeChip />;

/** The header with the figures' last update, which only it follows. */
const ShellHeader = memo(function ShellHeader(props: Omit<ComponentProps<typeof AppHeader>, 'lastUpdate'>) {
  return <AppHeader {...props} lastUpdate={useLastUpdate()} />;
});

/** The screen's frame: it gives the connection banner room while the connection is lost. */
const ShellMain = memo(function ShellMain({ onWelcome, children }: { onWelcome: boolean; children: ReactNode }) {
  const { lost } = useShellConnection();
  return (
    <Box
      as="main"
      h={onWelcome || lost ? 'auto' : `calc(100vh - ${HEADER_HEIGHT})`}
      flex={onWelcome || lost ? '1' : undefined}
      minH="0"
      overflow="auto"
      display="flex"
      flexDirection="column"
    >
      {children}
    </Box>
  );
});

interface OperationsSidebarProps {
  table: string;
  user: SessionUser;
  items: (operations: Operation[]) => AuxSidebarGroup['items'];
  activeId: string;
  onSelect: (id: string) => void;
  inDrawer: boolean;
}

/** A table's operations, the ones this user's grant opens (so only this menu follows the grant). */
function OperationsSidebar({ table, user, items, activeId, onSelect, inDrawer }: OperationsSidebarProps) {
  const { t } = useTranslation();
  const access = useAccess();
  return (
    <AuxSidebar
      label={t('nav.operationsMenu')}
      groups={[{ id: 'operations', items: items(operationsFor(table, user, access)) }]}
      activeId={activeId}
      onSelect={onSelect}
      // Docked: as an overlay it lay over the table's first columns while the pointer crossed it.
      expanded
      docked
      inDrawer={inDrawer}
      accent={SECTION_ACCENT.parameters}
    />
  );
}
