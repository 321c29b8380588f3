import { useAccess, type SignedInAccess } from '@camposense/data-access';
import { findTable, type SessionUser } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { PromptScreen, ScreenBoundary, WelcomeScreen } from '@camposense/ui';
import type { ReactNode } from 'react';
import { useNavigation } from '../navigation/navigation';
import { hasRole, isReportId, operationRefusal, promptOf, REPORTS, rowWriteRefusal, WRITE_ROLE, type Route } from '../navigation/routes';
import { screens } from '../screens/screens';

export interface ActiveScreenProps {
  user: SessionUser;
}

/** The screen of the active route; feature screens load lazily, each in its own chunk. */
export function ActiveScreen({ user }: ActiveScreenProps) {
  const { t } = useTranslation();
  const { route, tab, subtab, navigate } = useNavigation();
  const access = useAccess();

  const prompt = promptOf(route);
  const content = prompt ? <PromptScreen message={t(prompt)} /> : screenOf(route, tab, user, access, navigate);

  const screenName = route.name === 'configuration' ? 'settings' : tab;
  return (
    <ScreenBoundary resetKeys={[tab, subtab]} onRetry={() => Object.values(screens).forEach((screen) => screen.retry())} loadingLabel={t('common.loading')}>
      <div key={screenName} style={{ display: 'contents' }}>
        {content}
      </div>
    </ScreenBoundary>
  );
}

/** What each route shows: its lazy screen from the route table, with the props that screen takes. */
function screenOf(route: Route, tab: string, user: SessionUser, access: SignedInAccess | null, navigate: (route: Route) => void): ReactNode {
  switch (route.name) {
    case 'welcome':
      return <WelcomeScreen />;
    case 'dashboard':
      return <REPORTS.dashboard.screen.Component tab={tab} />;
    case 'report': {
      // A sub-tab the console does not know: the development placeholder.
      const Screen = isReportId(route.report) ? REPORTS[route.report].screen.Component : screens.reportPlaceholder.Component;
      return <Screen tab={tab} onOpenChart={() => navigate({ name: 'report', report: 'dashboard' })} />;
    }
    case 'table': {
      const definition = findTable(route.table);
      if (!definition) return <WelcomeScreen showTitle={false} />;
      const operation = definition.operations.includes(route.operation) ? route.operation : 'status';
      // On status, whether a picked row may be changed (a table nobody changes says nothing); elsewhere, the operation itself.
      const asked = operation === 'status' ? (definition.operations.includes('update') ? 'update' : null) : operation;
      const opens = asked === null || operationRefusal(definition.name, asked, user, access) === null;
      return (
        <screens.parameters.Component
          table={definition.name}
          operation={operation}
          canWrite={opens}
          writeRefusal={asked === null ? null : rowWriteRefusal(definition.name, asked, user, access)}
          onOperationChange={(next) => navigate({ ...route, operation: next })}
        />
      );
    }
    case 'thresholds':
      return <screens.thresholds.Component />;
    case 'configuration':
      return <screens.settings.Component userKey={String(user.id)} canManageIngestKeys={hasRole(user, WRITE_ROLE)} />;
    case 'reports':
    case 'parameters':
    case 'unknown':
      return <WelcomeScreen showTitle={false} />;
  }
}
