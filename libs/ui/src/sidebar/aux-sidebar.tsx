import { Box, Text } from '@chakra-ui/react';
import type { HTMLAttributes, ReactNode } from 'react';
import type { SidebarItemProps } from './sidebar-item';
import { SidebarItem } from './sidebar-item';
import { SidebarPanel } from './sidebar-panel';

export interface AuxSidebarItem {
  id: string;
  label: string;
  icon: ReactNode;
}

export interface AuxSidebarGroup {
  id: string;
  /** The group's heading; none for a flat list. */
  label?: string;
  items: AuxSidebarItem[];
}

export interface AuxSidebarProps {
  /** The landmark's name (`Menú de reportes`, `Tablas de parámetros`, `Operaciones`). */
  label: string;
  /** The items, in groups with an optional heading. */
  groups: AuxSidebarGroup[];
  /** The id of the active item, or null for none. */
  activeId: string | null;
  /** A click on an item, with its id. */
  onSelect: (id: string) => void;
  /** Show labels and headings; collapsed, only the icons. */
  expanded: boolean;
  /**
   * Take its width in the layout instead of lying over the content (a menu whose choice is still
   * pending, so nothing beside it is covered). @default false
   */
  pinned?: boolean;
  /**
   * Always open in a narrow column beside the content, no hover needed (a table's operations,
   * which would otherwise cover the table's first columns). @default false
   */
  docked?: boolean;
  /** Drawn in the phone's drawer, below the main menu: labels shown, no rail. @default false */
  inDrawer?: boolean;
  /** Pointer and focus handlers of the hover behaviour (useHoverExpand). */
  hoverHandlers?: Partial<HTMLAttributes<HTMLElement>>;
  /** The section colour of the active item. @default 'brand.fg' */
  accent?: string;
  /** More props for an item's button (hover preloading). */
  itemProps?: (id: string) => Partial<SidebarItemProps>;
}

/** The auxiliary sidebars: report sub-tabs, parameter tables by group, and table operations. */
export function AuxSidebar({
  label,
  groups,
  activeId,
  onSelect,
  expanded: hoverExpanded,
  pinned = false,
  docked = false,
  inDrawer = false,
  hoverHandlers,
  accent,
  itemProps,
}: AuxSidebarProps) {
  const expanded = hoverExpanded || docked || inDrawer;
  return (
    <SidebarPanel label={label} expanded={expanded} pinned={pinned} docked={docked} inDrawer={inDrawer} {...(docked || inDrawer ? {} : hoverHandlers)}>
      {groups.map((group) => (
        <div key={group.id} role="group" aria-label={group.label ?? label}>
          {group.label ? (
            // Collapsed, the heading keeps its height as a rule, so items stay under the pointer
            // while the sidebar expands on hover.
            <Text
              aria-hidden={!expanded}
              fontSize="2xs"
              fontWeight="bold"
              letterSpacing="widest"
              color="fg.muted"
              px="3"
              pt="3"
              pb="1"
              lineHeight="1rem"
              h="calc(1rem + var(--chakra-spacing-4))"
              truncate
            >
              {expanded ? group.label : <Box as="span" display="block" mt="2" borderTopWidth="1px" />}
            </Text>
          ) : null}
          {group.items.map((item) => (
            <SidebarItem
              key={item.id}
              icon={item.icon}
              label={item.label}
              active={item.id === activeId}
              expanded={expanded}
              accent={accent}
              onClick={() => onSelect(item.id)}
              {...itemProps?.(item.id)}
            />
          ))}
        </div>
      ))}
    </SidebarPanel>
  );
}
