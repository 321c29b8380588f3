export { MainSidebar, MAIN_SECTIONS, SECTION_ACCENT } from './main-sidebar';
export type { MainSidebarProps, MainSection } from './main-sidebar';
export { AuxSidebar } from './aux-sidebar';
export type { AuxSidebarProps, AuxSidebarGroup, AuxSidebarItem } from './aux-sidebar';
export { SidebarItem } from './sidebar-item';
export type { SidebarItemProps } from './sidebar-item';
export {
  useHoverExpand,
  SIDEBAR_COLLAPSE_DELAY_MS,
  AUX_SIDEBAR_COLLAPSE_DELAY_MS,
  SIDEBAR_EXPANDED_WIDTH,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_DOCKED_WIDTH,
  HOVER_INTENT_INTERVAL_MS,
  HOVER_INTENT_SENSITIVITY_PX,
} from './use-hover-expand';
export type { HoverExpandOptions } from './use-hover-expand';
export { TableIcon, TABLE_ICONS } from './table-icons';
export type { TableIconProps } from './table-icons';
export { NavDrawer } from './nav-drawer';
export type { NavDrawerProps } from './nav-drawer';
