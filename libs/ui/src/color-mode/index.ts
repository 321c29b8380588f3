export { ColorModeProvider, useColorMode } from './color-mode';
export type { ColorMode } from './color-mode';
