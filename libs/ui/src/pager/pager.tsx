import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { localeOf, useTranslation } from '@camposense/i18n';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are; the next button is disabled on the last. */
  totalPages: number;
  /** A page asked for by number, from 1 (previous, next, first or last unless the handlers below take them). */
  onPageChange: (page: number) => void;
  /** Next, when it does not ask for a page by number (a report follows the API's cursor, so it reaches any depth). */
  onNext?: () => void;
  /** Previous, when it does not ask for a page by number (back through the cursors walked). */
  onPrevious?: () => void;
  /** Previous is disabled though this is not the first page: the page before can be reached neither by number nor by a cursor walked. */
  previousUnavailable?: boolean;
  /** Shows PRIMERA and ÚLTIMA, jumps by number that a list answers whatever its size. */
  showEnds?: boolean;
}

/** `PÁGINA x DE y` with ANTERIOR and SIGUIENTE (and the first and last pages), disabled at the ends; nothing with a single page. */
export function Pager({ page, totalPages, onPageChange, onNext, onPrevious, previousUnavailable = false, showEnds = false }: PagerProps) {
  const { t, i18n } = useTranslation();
  if (totalPages <= 1) return null;
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    // On a phone the page number takes a row of its own above the buttons: in one row, with the
    // first and last buttons, SIGUIENTE ran 54 px past a 390 px screen.
    <HStack as="nav" aria-label={t('reports.pager.label')} justify="space-between" gap={{ base: '2', sm: '4' }} rowGap="2" pt="3" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
      <HStack gap="2">
        {showEnds && (
          <IconButton size="sm" variant="outline" aria-label={t('reports.pager.first')} title={t('reports.pager.first')} disabled={atStart} onClick={() => onPageChange(1)}>
            <ChevronsLeft aria-hidden />
          </IconButton>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={atStart || previousUnavailable}
          title={!atStart && previousUnavailable ? t('reports.pager.previousUnavailable') : undefined}
          onClick={() => (onPrevious ? onPrevious() : onPageChange(page - 1))}
        >
          <ChevronLeft aria-hidden />
          {t('reports.pager.previous')}
        </Button>
      </HStack>
      <Text fontSize="sm" fontWeight="semibold" letterSpacing="wide" aria-live="polite" textAlign="center" order={{ base: -1, sm: 0 }} w={{ base: 'full', sm: 'auto' }}>
        {t('reports.pager.page', { page: number.format(page), pages: number.format(totalPages) })}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={atEnd} onClick={() => (onNext ? onNext() : onPageChange(page + 1))}>
          {t('reports.pager.next')}
          <ChevronRight aria-hidden />
        </Button>
        {showEnds && (
          <IconButton size="sm" variant="outline" aria-label={t('reports.pager.last')} title={t('reports.pager.last')} disabled={atEnd} onClick={() => onPageChange(totalPages)}>
            <ChevronsRight aria-hidden />
          </IconButton>
        )}
      </HStack>
    </HStack>
  );
}
