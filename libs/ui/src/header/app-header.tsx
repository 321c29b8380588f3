import { Box, Breadcrumb, Flex, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { formatDateTime, formatZoneName, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { Activity, Menu, Settings } from 'lucide-react';
import { Fragment, memo } from 'react';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../theme-toggle/theme-toggle';

/** The header's height: content fills the viewport minus this (spec section 9). */
export const HEADER_HEIGHT = '56px';

export interface Crumb {
  label: string;
  /** The section colour (reports green, parameters orange, thresholds blue). */
  accent?: string;
  /**
   * Shown on a phone too, where the header has room for the table or screen's name only (and its
   * operation). @default only the last crumb is shown on a phone when none says so
   */
  onPhone?: boolean;
  /** A shorter text for a phone (the thresholds tab's table name instead of its long title). @default label */
  phoneLabel?: string;
}

/**
 * The header has room for the inline status only from this width of its own (not the window's:
 * the sidebars beside it take more or less): below it the status folds into its popover, so the
 * breadcrumb keeps its section and table whole.
 */
export const HEADER_STATUS_MIN_WIDTH = '80rem';

export interface AppHeaderProps {
  /** Product name first, then tab, table and subtab. */
  crumbs: Crumb[];
  /** When the figures were last read; shown in es-ES or en-US. */
  lastUpdate: Date | null;
  /** The header status (StatusCard variant inline), shown while the header is at least HEADER_STATUS_MIN_WIDTH (1280 px) wide. */
  status?: ReactNode;
  /** The global scope every screen follows (ScopeChip), after the breadcrumb. @default none */
  scope?: ReactNode;
  /** The same status as a card, in the popover that stands for it in a narrower header. */
  statusCard?: ReactNode;
  /** Opens the navigation drawer; its button shows below the `md` breakpoint, where the sidebars fold into it. */
  onOpenMenu?: () => void;
  /** The drawer is open (the menu button's aria-expanded). @default false */
  menuOpen?: boolean;
  /** Open the status popover at first render (stories). @default false */
  statusOpen?: boolean;
  /** The user menu. */
  userMenu: ReactNode;
  /** The settings button. */
  onOpenSettings: () => void;
  /** Fix the time zone of the last update (stories). @default the console's display zone */
  timeZone?: string;
}

/**
 * The header over every signed-in screen: breadcrumbs, the last update, the status line, the theme
 * toggle, settings and the user menu. In a header narrower than 1280 px the status folds into a
 * popover; below `md` (phones) the menu button opens the sidebars' drawer and the breadcrumb shows
 * the crumbs marked `onPhone` (the table and its operation), or its last one.
 */
export const AppHeader = memo(function AppHeader({
  crumbs,
  lastUpdate,
  status,
  scope,
  statusCard,
  onOpenMenu,
  menuOpen = false,
  statusOpen = false,
  userMenu,
  onOpenSettings,
  timeZone: timeZoneProp,
}: AppHeaderProps) {
  const { t, i18n } = useTranslation();
  // The farm's zone like every other date of the console (issue 16), named in the tooltip.
  const display = useDisplayTimeZone();
  const timeZone = timeZoneProp ?? display.timeZone;
  const updated = formatDateTime(lastUpdate, i18n.language, { timeZone });
  const updatedTitle = `${t('systemStatus.lastUpdate')} · ${formatZoneName(timeZone, lastUpdate ?? undefined)}`;
  const updatedText = (
    <Text as="span" color="fg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
      {updated ?? t('systemStatus.never')}
    </Text>
  );
  return (
    <Flex
      as="header"
      h={HEADER_HEIGHT}
      flexShrink={0}
      px={{ base: '2', md: '4' }}
      gap={{ base: '2', md: '4' }}
      align="center"
      justify="space-between"
      borderBottomWidth="1px"
      bg="surface.card"
      // The status folds by the header's own width (HEADER_STATUS_MIN_WIDTH).
      css={{ containerType: 'inline-size', containerName: 'app-header' }}
    >
      {onOpenMenu ? (
        <IconButton
          aria-label={t('nav.openMenu')}
          title={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          size="sm" variant="ghost" hideFrom="md"
          onClick={onOpenMenu}
        >
          <Menu aria-hidden />
        </IconButton>
      ) : null}
      {/* The scope gives way first (its chip shows the whole path on hover), then the breadcrumb's middle crumbs. */}
      <Flex flex="1" minW="0" align="center" gap={{ base: '2', md: '4' }}>
      <HeaderCrumbs crumbs={crumbs} />
        {/* Never hidden, so a scoped screen is never taken for the whole (a phone shows the farm's name). */}
        <Flex flex="1" minW="0" justify="end" overflow="hidden">
          {scope}
        </Flex>
      </Flex>
      <HStack gap={{ base: '1', md: '3' }} flexShrink={0}>
        {status ? (
          <Box display="none" css={{ [`@container app-header (min-width: ${HEADER_STATUS_MIN_WIDTH})`]: { display: 'block' } }}>
            {status}
          </Box>
        ) : null}
        {statusCard ? (
          <HeaderPopover
            defaultOpen={statusOpen}
            trigger={
              <IconButton aria-label={t('systemStatus.show')} title={t('systemStatus.show')} variant="ghost"
                size="sm"
                css={{ [`@container app-header (min-width: ${HEADER_STATUS_MIN_WIDTH})`]: { display: 'none' } }}
              >
                <Activity aria-hidden />
              </IconButton>
            }
            label={t('systemStatus.title')}
            w="16rem"
            maxW="calc(100vw - 1rem)"
            p="2"
          >
            <Stack gap="2">
              {statusCard}
              <Text fontSize="xs" color="fg.muted" px="1">
                {t('systemStatus.lastUpdate')}: {updatedText}
              </Text>
            </Stack>
          </HeaderPopover>
        ) : null}
        {/* On a phone the last update is in the status popover. */}
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" title={updatedTitle} hideBelow={statusCard ? 'md' : undefined}>
          <Text as="span" display={{ base: 'none', '2xl': 'inline' }}>
            {t('systemStatus.lastUpdate')}:{' '}
          </Text>
          {updatedText}
        </Text>
        <ThemeToggle />
        <IconButton aria-label={t('nav.openSettings')} title={t('nav.openSettings')} variant="ghost" size="sm" onClick={onOpenSettings}>
          <Settings aria-hidden />
        </IconButton>
        {userMenu}
      </HStack>
    </Flex>
  );
});

/** The breadcrumb: its own part, drawn again only when the crumbs change (not at each last update). */
const HeaderCrumbs = memo(function HeaderCrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  const flagged = crumbs.flatMap((crumb, index) => (crumb.onPhone ? [index] : []));
  const phoneCrumbs = new Set(flagged.length > 0 ? flagged : [crumbs.length - 1]);
  return (
    <Breadcrumb.Root aria-label={t('nav.breadcrumb')} flexShrink={0} maxW="full" minW="0" overflow="hidden">
      <Breadcrumb.List flexWrap="nowrap" whiteSpace="nowrap">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const onPhone = phoneCrumbs.has(index);
          // Only the middle crumbs give way when the header is short (the product name and the
          // page the operator is on stay whole), each keeping a few letters and its full text on hover.
          const middle = index > 0 && !last;
          return (
            <Fragment key={`${crumb.label}-${index}`}>
              {index > 0 ? <Breadcrumb.Separator hideBelow={onPhone && phoneCrumbs.has(index - 1) ? undefined : 'md'} /> : null}
              <Breadcrumb.Item hideBelow={onPhone ? undefined : 'md'} minW={middle ? '3.5em' : undefined} flexShrink={middle ? 1 : 0} data-crumb={middle ? 'middle' : 'end'}>
                <Breadcrumb.CurrentLink
                  aria-current={last ? 'page' : undefined}
                  color={crumb.accent ?? (index === 0 ? 'brand.fg' : 'fg')}
                  fontWeight={index === 0 ? 'bold' : 'semibold'}
                  fontSize="sm"
                  letterSpacing="wide"
                  title={middle ? crumb.label : undefined}
                  truncate
                  display="block"
                  minW="0"
                >
                  {crumb.phoneLabel ? (
                    <>
                      <Box as="span" hideFrom="md">{crumb.phoneLabel}</Box>
                      <Box as="span" hideBelow="md">{crumb.label}</Box>
                    </>
                  ) : (
                    crumb.label
                  )}
                </Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
});

export interface HeaderPopoverProps {
  /** The header button that opens it. */
  trigger: ReactNode;
  /** The panel's accessible name. */
  label: string;
  /** The panel's width and, on a narrow screen, its widest. */
  w: string;
  maxW?: string;
  /** The body's padding; Chakra's own by default. */
  p?: string;
  /** Open at first render (stories). @default false */
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A panel that drops from a button at the header's end (the user menu, the status on a phone), aligned to its right edge. */
export function HeaderPopover({ trigger, label, w, maxW, p, defaultOpen = false, children }: HeaderPopoverProps) {
  return (
    // Built at its first opening: closed, the header's panels (the status, the user menu) cost nothing.
    <Popover.Root defaultOpen={defaultOpen} positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={w} maxW={maxW} aria-label={label}>
            <Popover.Body p={p}>{children}</Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
