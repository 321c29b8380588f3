import { Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { Sprout } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../error-state/error-box';
import { FormField } from '../form-field/form-field';
import { ThemeToggle } from '../theme-toggle/theme-toggle';

export interface LoginScreenProps {
  /** Called with the trimmed e-mail and the password once both are filled in. */
  onSubmit: (credentials: { email: string; password: string }) => void;
  /** While signing in: the button says so and nothing can be sent twice. @default false */
  busy?: boolean;
  /** The sign-in error to show in the inline box. */
  error?: string | null;
  /** The e-mail of the last successful sign-in in this browser. */
  initialEmail?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The only screen a signed-out visitor sees. */
export function LoginScreen({ onSubmit, busy = false, error = null, initialEmail = '' }: LoginScreenProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    const nextErrors: typeof fieldErrors = {};
    if (!trimmed) nextErrors.email = t('login.emailRequired');
    else if (!EMAIL_PATTERN.test(trimmed)) nextErrors.email = t('login.emailInvalid');
    if (!password) nextErrors.password = t('login.passwordRequired');
    setFieldErrors(nextErrors);
    if (nextErrors.email || nextErrors.password) return;
    onSubmit({ email: trimmed, password });
  }

  return (
    <Flex as="main" minH="100vh" align="center" justify="center" bg="surface.page" px="4" position="relative">
      <Box position="absolute" top="4" right="4">
        <ThemeToggle />
      </Box>
      <Box w="full" maxW="26rem" bg="surface.card" borderWidth="1px" borderRadius="xl" p={{ base: '6', md: '8' }} shadow="lg">
        <Stack align="center" gap="2" mb="8" textAlign="center">
          <Flex w="14" h="14" align="center" justify="center" borderRadius="full" bg="brand.muted" color="brand.fg">
            <Sprout size={30} aria-hidden />
          </Flex>
          <Heading as="h1" size="2xl" letterSpacing="tight">
            {t('app.name')}
          </Heading>
          <Text fontSize="xs" fontWeight="semibold" letterSpacing="widest" color="fg.muted">
            {t('login.subtitle')}
          </Text>
        </Stack>
        <form onSubmit={handleSubmit} noValidate aria-label={t('login.title')}>
          <Stack gap="5">
            <FormField label={t('login.emailLabel')} error={fieldErrors.email} required>
              <Input
                type="email"
                name="email"
                autoComplete="username"
                placeholder={t('login.emailPlaceholder')}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                disabled={busy}
              />
            </FormField>
            <FormField label={t('login.passwordLabel')} error={fieldErrors.password} required>
              <Input
                type="password"
                name="password"
                autoComplete="current-password"
                placeholder={t('login.passwordPlaceholder')}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                disabled={busy}
              />
            </FormField>
            {error ? <ErrorBox message={error} /> : null}
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              loading={busy}
              loadingText={t('login.submitting')}
              disabled={busy}
              fontWeight="bold"
              letterSpacing="wide"
            >
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Box>
    </Flex>
  );
}
