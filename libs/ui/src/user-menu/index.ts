export { UserMenu } from './user-menu';
export type { UserMenuProps } from './user-menu';
