import { Box, Stack, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_EXPANDED_WIDTH } from './use-hover-expand';

export interface SidebarPanelProps extends Omit<BoxProps, 'children'> {
  /** The navigation landmark's name. */
  label: string;
  expanded: boolean;
  children: ReactNode;
}

/** The frame every sidebar shares: 16rem expanded, 4rem collapsed, a navigation landmark. */
export function SidebarPanel({ label, expanded, children, ...rest }: SidebarPanelProps) {
  return (
    <Box
      as="nav"
      aria-label={label}
      data-expanded={expanded ? 'true' : 'false'}
      w={expanded ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_COLLAPSED_WIDTH}
      flexShrink={0}
      h="full"
      bg="surface.card"
      borderInlineEndWidth="1px"
      overflowY="auto"
      overflowX="hidden"
      transition="width 0.2s ease"
      {...rest}
    >
      <Stack gap="1" p="2" minH="full">
        {children}
      </Stack>
    </Box>
  );
}
