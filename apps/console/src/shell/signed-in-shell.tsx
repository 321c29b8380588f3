import { Flex, Heading, HStack } from '@chakra-ui/react';
import { useAuth } from '@camposense/data-access';
import type { SessionUser } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ThemeToggle, UserMenu, WelcomeScreen } from '@camposense/ui';

export interface SignedInShellProps {
  user: SessionUser;
}

/** What a signed-in operator sees: the header and, for now, the welcome screen. */
export function SignedInShell({ user }: SignedInShellProps) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  return (
    <Flex direction="column" minH="100vh" bg="surface.page">
      <Flex as="header" h="56px" px="4" align="center" justify="space-between" borderBottomWidth="1px" bg="surface.card">
        <Heading as="p" size="md" color="brand.fg" letterSpacing="tight">
          {t('app.name')}
        </Heading>
        <HStack gap="2">
          <ThemeToggle />
          <UserMenu email={user.email} onSignOut={() => void signOut()} />
        </HStack>
      </Flex>
      <Flex as="main" flex="1">
        <WelcomeScreen />
      </Flex>
    </Flex>
  );
}
