import { Box, Breadcrumb, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { formatDateTime, useTranslation } from '@camposense/i18n';
import { Settings } from 'lucide-react';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../theme-toggle/theme-toggle';

/** The header's height: content fills the viewport minus this (spec section 9). */
export const HEADER_HEIGHT = '56px';

export interface Crumb {
  label: string;
  /** The section colour (reports green, parameters orange, thresholds blue). */
  accent?: string;
}

export interface AppHeaderProps {
  /** Product name first, then tab, table and subtab. */
  crumbs: Crumb[];
  /** When the figures were last read; shown in es-ES or en-US. */
  lastUpdate: Date | null;
  /** The header status (StatusCard variant inline). */
  status?: ReactNode;
  /** The global scope every screen follows (ScopeChip), after the breadcrumb. @default none */
  scope?: ReactNode;
  /** The user menu. */
  userMenu: ReactNode;
  /** The settings button. */
  onOpenSettings: () => void;
  /** Fix the time zone of the last update (stories). */
  timeZone?: string;
}

/**
 * The header over every signed-in screen: breadcrumbs, the last update, the status line, the theme
 * toggle, settings and the user menu.
 */
export function AppHeader({ crumbs, lastUpdate, status, scope, userMenu, onOpenSettings, timeZone }: AppHeaderProps) {
  const { t, i18n } = useTranslation();
  const updated = formatDateTime(lastUpdate, i18n.language, timeZone ? { timeZone } : undefined);
  return (
    <Flex
      as="header"
      h={HEADER_HEIGHT}
      flexShrink={0}
      px="4"
      gap="4"
      align="center"
      justify="space-between"
      borderBottomWidth="1px"
      bg="surface.card"
    >
      <Breadcrumb.Root aria-label={t('nav.breadcrumb')} flex="1" minW="0" overflow="hidden">
        <Breadcrumb.List flexWrap="nowrap" whiteSpace="nowrap">
          {crumbs.map((crumb, index) => (
            <Fragment key={`${crumb.label}-${index}`}>
              {index > 0 ? <Breadcrumb.Separator /> : null}
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink
                  aria-current={index === crumbs.length - 1 ? 'page' : undefined}
                  color={crumb.accent ?? (index === 0 ? 'brand.fg' : 'fg')}
                  fontWeight={index === 0 ? 'bold' : 'semibold'}
                  fontSize="sm"
                  letterSpacing="wide"
                  truncate
                >
                  {crumb.label}
                </Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Fragment>
          ))}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      {scope}
      <HStack gap="3" flexShrink={0}>
        <Box display={{ base: 'none', '2xl': 'block' }}>{status}</Box>
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" title={t('systemStatus.lastUpdate')}>
          <Text as="span" display={{ base: 'none', '2xl': 'inline' }}>
            {t('systemStatus.lastUpdate')}:{' '}
          </Text>
          <Text as="span" color="fg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {updated ?? t('systemStatus.never')}
          </Text>
        </Text>
        <ThemeToggle />
        <IconButton aria-label={t('nav.openSettings')} title={t('nav.openSettings')} variant="ghost" size="sm" onClick={onOpenSettings}>
          <Settings aria-hidden />
        </IconButton>
        {userMenu}
      </HStack>
    </Flex>
  );
}
