import { findTable, type SessionUser } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { PromptScreen, ScreenBoundary, WelcomeScreen } from '@camposense/ui';
import { useNavigation } from '../navigation/navigation';
import { parametersTable, reportSubtab } from '../navigation/tabs';
import { screens } from '../screens/screens';

export interface ActiveScreenProps {
  user: SessionUser;
}

/** The screen of the active tab; feature screens load lazily, each in its own chunk. */
export function ActiveScreen({ user }: ActiveScreenProps) {
  const { t } = useTranslation();
  const { tab, subtab, navigate } = useNavigation();
  const table = parametersTable(tab);
  const report = reportSubtab(tab);

  let content;
  if (tab === 'welcome') content = <WelcomeScreen />;
  else if (tab === 'reportes') content = <PromptScreen message={t('nav.chooseSubtab')} />;
  else if (tab === 'parameters') content = <PromptScreen message={t('nav.chooseOption')} />;
  else if (tab === 'dashboard' || report === 'dashboard') content = <screens.dashboard.Component tab={tab} />;
  else if (report === 'alertas') content = <screens.alerts.Component tab={tab} onOpenChart={() => navigate('reportes-dashboard')} />;
  else if (report === 'mensajes') content = <screens.messages.Component tab={tab} />;
  else if (report) content = <screens.reportPlaceholder.Component tab={tab} />;
  else if (table && findTable(table)) {
    const definition = findTable(table)!;
    const operation = definition.operations.includes(subtab) ? subtab : 'status';
    content = (
      <screens.parameters.Component
        table={definition.name}
        operation={operation}
        canWrite={user.user_metadata.rol === 'admin'}
        onOperationChange={(next) => navigate(tab, next)}
      />
    );
  } else if (tab === 'umbrales') content = <screens.thresholds.Component />;
  else if (tab === 'configuration') {
    content = <screens.settings.Component userKey={String(user.id)} canManageIngestKeys={user.user_metadata.rol === 'admin'} />;
  }
  else content = <WelcomeScreen showTitle={false} />;

  const screenName = tab === 'configuration' ? 'settings' : tab;
  return (
    <ScreenBoundary resetKeys={[tab, subtab]} onRetry={() => Object.values(screens).forEach((screen) => screen.retry())} loadingLabel={t('common.loading')}>
      <div key={screenName} style={{ display: 'contents' }}>
        {content}
      </div>
    </ScreenBoundary>
  );
}
