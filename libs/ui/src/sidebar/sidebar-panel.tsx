import { Box, Stack, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_DOCKED_WIDTH, SIDEBAR_EXPANDED_WIDTH } from './use-hover-expand';

export interface SidebarPanelProps extends Omit<BoxProps, 'children'> {
  /** The navigation landmark's name. */
  label: string;
  /** Full width with labels; otherwise the 4rem rail. */
  expanded: boolean;
  /**
   * Take the expanded width in the layout (the main sidebar on welcome). Otherwise the sidebar
   * keeps a 4rem rail and expands over what lies to its right, so no other menu moves under the
   * pointer when it opens or closes. @default false
   */
  pinned?: boolean;
  /**
   * Always open, in a narrower column of its own beside the content (a table's operations), so
   * it never lies over the table it acts on. @default false
   */
  docked?: boolean;
  /**
   * Drawn inside the phone's drawer: a plain landmark in the drawer's flow, full width, labels
   * shown, no rail and no overlay. @default false
   */
  inDrawer?: boolean;
  /** The items and groups. */
  children: ReactNode;
}

/** The frame every sidebar shares: 16rem expanded, 4rem collapsed, a navigation landmark. */
export function SidebarPanel({ label, expanded, pinned = false, docked = false, inDrawer = false, children, ...rest }: SidebarPanelProps) {
  if (inDrawer) {
    return (
      <Box as="nav" aria-label={label} data-expanded="true" w="full">
        <Stack gap="1">{children}</Stack>
      </Box>
    );
  }
  const width = docked ? SIDEBAR_DOCKED_WIDTH : expanded ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  const inLayout = pinned || docked;
  return (
    <Box position="relative" flexShrink={0} h="full" w={inLayout ? width : SIDEBAR_COLLAPSED_WIDTH} zIndex={expanded && !docked ? 30 : 10}>
      <Box
        as="nav"
        aria-label={label}
        data-expanded={expanded || docked ? 'true' : 'false'}
        position="absolute"
        top="0"
        bottom="0"
        left="0"
        w={width}
        bg="surface.card"
        borderInlineEndWidth="1px"
        shadow={expanded && !inLayout ? 'lg' : undefined}
        overflowY="auto"
        overflowX="hidden"
        transition="width 0.2s ease"
        {...rest}
      >
        <Stack gap="1" p="2" minH="full">
          {children}
        </Stack>
      </Box>
    </Box>
  );
}
