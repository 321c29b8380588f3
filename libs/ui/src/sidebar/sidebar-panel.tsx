import { Box, Stack, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_EXPANDED_WIDTH } from './use-hover-expand';

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
  /** The items and groups. */
  children: ReactNode;
}

/** The frame every sidebar shares: 16rem expanded, 4rem collapsed, a navigation landmark. */
export function SidebarPanel({ label, expanded, pinned = false, children, ...rest }: SidebarPanelProps) {
  const width = expanded ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  return (
    <Box position="relative" flexShrink={0} h="full" w={pinned ? width : SIDEBAR_COLLAPSED_WIDTH} zIndex={expanded ? 30 : 10}>
      <Box
        as="nav"
        aria-label={label}
        data-expanded={expanded ? 'true' : 'false'}
        position="absolute"
        top="0"
        bottom="0"
        left="0"
        w={width}
        bg="surface.card"
        borderInlineEndWidth="1px"
        shadow={expanded && !pinned ? 'lg' : undefined}
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
