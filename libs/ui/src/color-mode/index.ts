export { ColorModeProvider, useColorMode, COLOR_MODE_STORAGE_KEY } from './color-mode';
export type { ColorMode, ColorModeProviderProps } from './color-mode';
