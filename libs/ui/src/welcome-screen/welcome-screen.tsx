import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { Sprout } from 'lucide-react';

export interface WelcomeScreenProps {
  /** The fallback screen shows only the subtitle and the instruction. @default true */
  showTitle?: boolean;
}

/** The first screen after signing in, and the fallback for an unknown tab. */
export function WelcomeScreen({ showTitle = true }: WelcomeScreenProps) {
  const { t } = useTranslation();
  return (
    <Flex flex="1" align="center" justify="center" p="8" minH="full">
      <Stack align="center" gap="4" textAlign="center" maxW="40rem">
        <Flex w="20" h="20" align="center" justify="center" borderRadius="full" bg="brand.muted" color="brand.fg">
          <Sprout size={44} aria-hidden />
        </Flex>
        {showTitle ? (
          <Heading as="h1" size="3xl" letterSpacing="tight">
            {t('welcome.title')}
          </Heading>
        ) : null}
        <Text fontSize="lg" color="fg.muted">
          {t('welcome.subtitle')}
        </Text>
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" letterSpacing="wide">
          {t('welcome.instruction')}
        </Text>
      </Stack>
    </Flex>
  );
}
