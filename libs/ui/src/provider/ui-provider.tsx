import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeProvider, type ColorMode } from '../color-mode/color-mode';
import { signedOutSystem } from '../theme/signed-out-system';
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

/**
 * The console's root: Chakra with only the recipes of the signed-out screens, so the login
 * downloads little. Whatever renders the signed-in console wraps it in `<SignedInUiProvider>`,
 * which lives in a file of its
 * own: a module goes whole into one chunk, and this one must not bring the full system.
 */
export function SignedOutUiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={signedOutSystem}>
      <ColorModeProvider>{children}</ColorModeProvider>
    </ChakraProvider>
  );
}
