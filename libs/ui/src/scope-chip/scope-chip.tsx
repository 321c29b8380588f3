import { HStack, IconButton, Text, useBreakpointValue } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { Filter, X } from 'lucide-react';

export interface ScopeChipProps {
  /** The chosen country's name; nothing is shown while it is null (no scope: every screen shows all). */
  pais: string | null;
  empresa?: string | null;
  fundo?: string | null;
  /** Clears the global selection. */
  onClear: () => void;
}

/** The names of the scope as one path, e.g. Chile › El Retiro S.A. › El Retiro. */
export function scopePath(names: readonly (string | null | undefined)[]): string {
  return names.filter((name): name is string => Boolean(name)).join(' › ');
}

/**
 * The global selection every screen is scoped to ("Chile › El Retiro"), shown in the header so it
 * is never forgotten, with a button that clears it.
 */
export function ScopeChip({ pais, empresa = null, fundo = null, onClear }: ScopeChipProps) {
  const { t } = useTranslation();
  const path = scopePath([pais, empresa, fundo]);
  // A phone's header has room for the narrowest name only; the whole path is the chip's title and name.
  const shown = useBreakpointValue({ base: fundo ?? empresa ?? pais, md: path }) ?? path;
  if (!pais) return null;
  return (
    <HStack
      role="group"
      aria-label={t('filters.scopeLabel', { scope: path })}
      gap="1" ps="2" pe="0.5" py="0.5"
      minW="0" maxW="full" flexShrink={1}
      bg="brand.subtle" color="brand.fg" borderWidth="1px" borderColor="brand.muted" borderRadius="full"
    >
      <Filter size={14} aria-hidden />
      <Text fontSize="xs" fontWeight="semibold" truncate title={path}>
        {shown}
      </Text>
      <IconButton
        aria-label={t('filters.scopeClear', { scope: path })}
        title={t('filters.scopeClear', { scope: path })}
        size="2xs" variant="ghost" colorPalette="brand" borderRadius="full"
        onClick={onClear}
      >
        <X aria-hidden />
      </IconButton>
    </HStack>
  );
}
