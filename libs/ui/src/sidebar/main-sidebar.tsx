import { Box, Flex, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { BarChart3, Database, SlidersHorizontal, Sprout } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { SidebarItem, type SidebarItemProps } from './sidebar-item';
import { SidebarPanel } from './sidebar-panel';

export const MAIN_SECTIONS = ['reportes', 'parameters', 'umbrales'] as const;
export type MainSection = (typeof MAIN_SECTIONS)[number];

/** Section colours of spec section 2: reports green, parameters orange, thresholds blue. */
export const SECTION_ACCENT: Record<MainSection, string> = {
  reportes: 'section.reports',
  parameters: 'section.parameters',
  umbrales: 'section.thresholds',
};

const SECTION_ICON: Record<MainSection, ReactNode> = {
  reportes: <BarChart3 size={20} />,
  parameters: <Database size={20} />,
  umbrales: <SlidersHorizontal size={20} />,
};

export interface MainSidebarProps {
  /** The section of the active tab, or null on welcome and settings. */
  activeSection: MainSection | null;
  /** A click on a section's button. */
  onSelect: (section: MainSection) => void;
  /** Show labels, filters and status; collapsed, only the icons. */
  expanded: boolean;
  /** Pointer and focus handlers of the hover behaviour (useHoverExpand). */
  hoverHandlers?: Partial<HTMLAttributes<HTMLElement>>;
  /** The global filters, shown when expanded. */
  filters?: ReactNode;
  /** The status card, shown when expanded. */
  status?: ReactNode;
  /** More props for a section's button (hover preloading). */
  itemProps?: (section: MainSection) => Partial<SidebarItemProps>;
  /** Take the expanded width in the layout instead of overlaying (welcome). @default false */
  pinned?: boolean;
  /** Drawn in the phone's drawer: labels, filters and status, without the product mark. @default false */
  inDrawer?: boolean;
}

/** The left main sidebar: the three top tabs, the global filters and the status card. */
export function MainSidebar({
  activeSection,
  onSelect,
  expanded: expandedProp,
  hoverHandlers,
  filters,
  status,
  itemProps,
  pinned = false,
  inDrawer = false,
}: MainSidebarProps) {
  const { t } = useTranslation();
  const expanded = expandedProp || inDrawer;
  return (
    <SidebarPanel label={t('nav.mainMenu')} expanded={expanded} pinned={pinned} inDrawer={inDrawer} {...(inDrawer ? {} : hoverHandlers)}>
      {inDrawer ? null : (
        <>
          <Flex align="center" gap="2" px={expanded ? '2' : '0'} justify={expanded ? 'flex-start' : 'center'} h="10" color="brand.fg">
            <Sprout size={22} aria-hidden />
            {expanded ? (
              <Text fontWeight="bold" letterSpacing="tight">
                {t('app.name')}
              </Text>
            ) : null}
          </Flex>
          <Separator my="1" />
        </>
      )}
      {MAIN_SECTIONS.map((section) => (
        <SidebarItem
          key={section}
          icon={SECTION_ICON[section]}
          label={t(`nav.${section}`)}
          hint={section === 'umbrales' ? t('nav.umbralesHint') : undefined}
          active={activeSection === section}
          accent={SECTION_ACCENT[section]}
          expanded={expanded}
          onClick={() => onSelect(section)}
          {...itemProps?.(section)}
        />
      ))}
      {expanded && filters ? (
        <>
          <Separator my="2" />
          <Box px="1">
            <Text fontSize="xs" fontWeight="bold" letterSpacing="widest" color="fg.muted" mb="2">
              {t('filters.title')}
            </Text>
            <Stack gap="3">{filters}</Stack>
          </Box>
        </>
      ) : null}
      {expanded && status ? (
        <Box mt="auto" pt="3">
          {status}
        </Box>
      ) : null}
    </SidebarPanel>
  );
}
