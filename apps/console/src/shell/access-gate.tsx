import { useAccess, useGlobalFilters, type SignedInAccess } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { QueryState } from '@camposense/ui';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';

export interface AccessGateProps {
  children: ReactNode;
}

const grantsNothing = (access: SignedInAccess) => !access.all && access.grants.length === 0;

/**
 * Holds the screens until the signed-in user's grant is known (issue 32), so none reads a scope the
 * grant is about to change; a user with no company granted is told why the console is empty and
 * what to do, rather than shown a dashboard of refusals. Without an access provider it lets all through.
 */
export function AccessGate({ children }: AccessGateProps) {
  const { t } = useTranslation();
  const access = useAccess();
  const { settling } = useGlobalFilters();
  if (!access) return children;
  const query = {
    data: access.status === 'ready' && !settling ? access : undefined,
    error: access.status === 'error' ? access.error : undefined,
    isValidating: access.isValidating,
    mutate: access.retry,
  };
  return (
    <QueryState
      query={query}
      loadingLabel={t('access.loading')}
      errorMessage={t('access.loadError')}
      empty={{ when: grantsNothing, title: t('access.noneTitle'), description: t('access.noneDescription'), icon: <Building2 aria-hidden /> }}
      minH="24rem"
    >
      {() => children}
    </QueryState>
  );
}
