import { operateRefusal, useAccess } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { useCallback } from 'react';

/**
 * Why the signed-in user may not acknowledge in a company (issue 32: the API answers 403 below the
 * level operacion), in words; null when they may, or when no access provider says (the API decides).
 * `empresaid` null asks about anywhere the user is granted.
 */
export function useReadOnlyReason(): (empresaid: number | null) => string | null {
  const { t } = useTranslation();
  const access = useAccess();
  return useCallback(
    (empresaid: number | null) => {
      const refusal = operateRefusal(access, empresaid);
      if (!refusal) return null;
      return refusal.empresa ? t('reports.access.readOnlyIn', { empresa: refusal.empresa }) : t('reports.access.readOnly');
    },
    [access, t],
  );
}
