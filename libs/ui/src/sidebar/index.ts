export { MainSidebar, SECTION_ACCENT } from './main-sidebar';
export type { MainSection } from './main-sidebar';
export { AuxSidebar } from './aux-sidebar';
export type { AuxSidebarGroup } from './aux-sidebar';
export { useHoverExpand, SIDEBAR_COLLAPSE_DELAY_MS, AUX_SIDEBAR_COLLAPSE_DELAY_MS } from './use-hover-expand';
export { TableIcon } from './table-icons';
export { NavDrawer } from './nav-drawer';
