import { Box, Button, Text, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SidebarItemProps extends Omit<ButtonProps, 'children'> {
  /** Shown always; alone when the sidebar is collapsed. */
  icon: ReactNode;
  /** The item's text; with the hint, also its accessible name when collapsed. */
  label: string;
  /** A quieter second line under the label. */
  hint?: string;
  /** The current tab or table: drawn in the accent colour. @default false */
  active?: boolean;
  /** Show the label; a collapsed sidebar shows only the icon. */
  expanded: boolean;
  /** The section colour of the active item (reports green, parameters orange, thresholds blue). */
  accent?: string;
}

/** One button of a sidebar: its name stays readable to screen readers when collapsed. */
export function SidebarItem({ icon, label, hint, active = false, expanded, accent = 'brand.fg', ...rest }: SidebarItemProps) {
  // The hint is part of the name: the thresholds tab reads `CONFIGURACIÓN · Umbrales de alerta`,
  // never a bare `CONFIGURACIÓN` that could be the gear's settings.
  const name = hint ? `${label} · ${hint}` : label;
  return (
    <Button
      variant="ghost"
      justifyContent={expanded ? 'flex-start' : 'center'}
      w="full" h="auto" minH="10"
      px={expanded ? '3' : '0'} py="2" gap="3"
      aria-current={active ? 'page' : undefined}
      aria-label={expanded ? undefined : name}
      title={expanded ? undefined : name}
      bg={active ? 'surface.raised' : undefined}
      color={active ? accent : 'fg'}
      borderInlineStartWidth="3px"
      borderInlineStartColor={active ? accent : 'transparent'}
      borderRadius="md"
      {...rest}
    >
      <Box as="span" display="inline-flex" flexShrink={0} aria-hidden>
        {icon}
      </Box>
      {expanded ? (
        <Box as="span" textAlign="start" minW="0">
          <Text as="span" display="block" fontSize="sm" fontWeight="semibold" letterSpacing="wide" truncate>
            {label}
            {hint ? <VisuallyHidden> · </VisuallyHidden> : null}
          </Text>
          {hint ? (
            <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal" truncate>
              {hint}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </Button>
  );
}
