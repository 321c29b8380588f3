import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from '../theme/system';

/**
 * Chakra with the full system, for the signed-in console. Only its chunk imports this file: the
 * console's root (`ColorModeProvider`) and the signed-out screens (`LoginScreen`, `BootBoundary`)
 * draw in plain CSS, so the first download carries no Chakra or Emotion (issue 30, item 3). The
 * colour mode stays the root's; the tokens and global styles are the ones `theme/first-load.css`
 * copies, so nothing on screen changes when Chakra's arrive.
 */
export function SignedInUiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
