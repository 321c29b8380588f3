import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from '../theme/system';

/**
 * The full system inside `<SignedOutUiProvider>`: the same tokens and global styles (nothing
 * already on screen changes) and every recipe. The colour mode stays the outer one. Only the
 * signed-in chunk imports it, so the login never downloads the full system.
 */
export function SignedInUiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
