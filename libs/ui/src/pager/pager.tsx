import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are; the next button is disabled on the last. */
  totalPages: number;
  /** A page button, previous or next: the page asked for, from 1. */
  onPageChange: (page: number) => void;
}

/** `PÁGINA x DE y` with ANTERIOR and SIGUIENTE, disabled at the ends; nothing with a single page. */
export function Pager({ page, totalPages, onPageChange }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <HStack as="nav" aria-label={t('reports.pager.label')} justify="space-between" gap="4" pt="3">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden />
        {t('reports.pager.previous')}
      </Button>
      <Text fontSize="sm" fontWeight="semibold" letterSpacing="wide" aria-live="polite">
        {t('reports.pager.page', { page, pages: totalPages })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        {t('reports.pager.next')}
        <ChevronRight aria-hidden />
      </Button>
    </HStack>
  );
}
