import { Badge } from '@chakra-ui/react';
import type { BadgeProps } from '@chakra-ui/react';
import { reportStatusKind } from '@camposense/domain';
import type { ReportStatusKind } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';

/** Spec section 4: 1 active green, 0 inactive red, -1 processed yellow, anything else unknown. */
const PALETTE: Record<ReportStatusKind, string> = {
  active: 'green',
  inactive: 'red',
  processed: 'yellow',
  unknown: 'gray',
};

export interface StatusBadgeProps extends Omit<BadgeProps, 'children'> {
  /** The row's statusid. */
  statusid: number | null | undefined;
}

/** The status cell of the reports and of every parameters table. */
export function StatusBadge({ statusid, ...rest }: StatusBadgeProps) {
  const { t } = useTranslation();
  const kind = reportStatusKind(statusid);
  return (
    <Badge colorPalette={PALETTE[kind]} variant="subtle" size="md" {...rest}>
      {t(`reports.status.${kind}`)}
    </Badge>
  );
}
