export { ThemeToggle } from './theme-toggle';
export type { ThemeToggleProps } from './theme-toggle';
