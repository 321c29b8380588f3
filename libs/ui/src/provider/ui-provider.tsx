import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeProvider, type ColorMode } from '../color-mode/color-mode';
import { system } from '../theme/system';
import '../theme/fonts';

export interface UiProviderProps {
  children: ReactNode;
  /** Fix the colour mode (Storybook); otherwise the stored one, dark by default. */
  forcedColorMode?: ColorMode;
}

/** Chakra with our full system and the colour mode: the root of every story and test. */
export function UiProvider({ children, forcedColorMode }: UiProviderProps) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider forcedColorMode={forcedColorMode}>{children}</ColorModeProvider>
    </ChakraProvider>
  );
}
