export { applyColorMode, ColorModeProvider, readStoredMode, useColorMode } from './color-mode';
export type { ColorMode } from './color-mode';
