import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { AccessLevel } from '@camposense/domain';
import { useAccess, type SignedInAccess } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { QueryState } from '@camposense/ui';

const LEVEL_PALETTE: Record<AccessLevel, string> = { lectura: 'gray', operacion: 'blue', gestion: 'brand' };

/**
 * The companies the signed-in user is granted and at which level (issue 32), read-only: what they
 * see and may do, and whom to ask for more. Nothing where the console does not read the grant.
 */
export function MyAccessSetting() {
  const { t } = useTranslation();
  const access = useAccess();
  if (!access) return null;
  const query = { data: access.status === 'ready' ? access : undefined, error: access.status === 'error' ? access.error : undefined, isValidating: access.isValidating, mutate: access.retry };
  return (
    <QueryState query={query} loadingLabel={t('settings.access.loading')} errorMessage={t('settings.access.loadError')} minH="6rem">
      {(granted) => <GrantList access={granted} />}
    </QueryState>
  );
}

function GrantList({ access }: { access: SignedInAccess }) {
  const { t } = useTranslation();
  if (access.all) return <Text>{t('settings.access.admin')}</Text>;
  if (access.grants.length === 0) return <Text>{t('settings.access.none')}</Text>;
  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm">
        {t('settings.access.intro')}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t('settings.access.listLabel')}>
        {access.grants.map((grant) => (
          <HStack as="li" key={grant.empresaid} justify="space-between" gap="3" borderRadius="md" bg="surface.raised" px="3" py="2">
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold" truncate>
                {grant.empresa}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {grant.pais}
              </Text>
            </Stack>
            <Badge colorPalette={LEVEL_PALETTE[grant.nivel]} variant="subtle" title={t(`settings.access.levelMeans.${grant.nivel}`)}>
              {t(`settings.access.levels.${grant.nivel}`)}
            </Badge>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
