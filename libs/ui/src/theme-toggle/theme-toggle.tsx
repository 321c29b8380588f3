import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { Moon, Sun } from 'lucide-react';
import { memo } from 'react';
import { useColorMode } from '../color-mode/color-mode';

export type ThemeToggleProps = Omit<IconButtonProps, 'aria-label' | 'onClick'>;

/** Switches dark and light; its name says which theme a click gives. Memoised: the header redraws at each last update. */
export const ThemeToggle = memo(function ThemeToggle(props: ThemeToggleProps) {
  const { t } = useTranslation();
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <IconButton aria-label={label} title={label} variant="ghost" size="sm" onClick={toggleColorMode} {...props}>
      {colorMode === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </IconButton>
  );
});
