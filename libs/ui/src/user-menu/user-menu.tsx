import { Avatar, Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { LogOut } from 'lucide-react';
import { HeaderPopover } from '../header/app-header';

export interface UserMenuProps {
  /** The signed-in user's e-mail; its initial is the avatar. */
  email: string;
  /** The menu's sign-out item. */
  onSignOut: () => void;
  /** While signing out. @default false */
  signingOut?: boolean;
  /** Open at first render (stories). @default false */
  defaultOpen?: boolean;
}

/** The header's user menu: who is signed in, and the way out. */
export function UserMenu({ email, onSignOut, signingOut = false, defaultOpen = false }: UserMenuProps) {
  const { t } = useTranslation();
  const initial = email.trim().charAt(0).toUpperCase() || '?';
  return (
    <HeaderPopover
      defaultOpen={defaultOpen}
      trigger={
        <Button variant="ghost" size="sm" aria-label={t('userMenu.open')} px="1">
          <Avatar.Root size="sm" colorPalette="brand">
            <Avatar.Fallback>{initial}</Avatar.Fallback>
          </Avatar.Root>
        </Button>
      }
      label={t('userMenu.open')}
      w="18rem"
    >
      <Stack gap="3" align="stretch">
        <Stack direction="row" align="center" gap="3">
          <Avatar.Root size="md" colorPalette="brand">
            <Avatar.Fallback>{initial}</Avatar.Fallback>
          </Avatar.Root>
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" truncate title={email}>
              {email}
            </Text>
            <Badge colorPalette="green" variant="subtle" alignSelf="flex-start">
              {t('userMenu.sessionActive')}
            </Badge>
          </Stack>
        </Stack>
        <Button
          colorPalette="red"
          variant="outline"
          onClick={onSignOut}
          loading={signingOut} loadingText={t('userMenu.signingOut')}
        >
          <LogOut aria-hidden />
          {t('userMenu.signOut')}
        </Button>
      </Stack>
    </HeaderPopover>
  );
}
