import { HStack, RadioCard, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMessageLanguage, useSaveMessageLanguageMutation } from '@camposense/data-access';
import type { MessageLanguage } from '@camposense/domain';
import { LANGUAGES, useTranslation } from '@camposense/i18n';
import { QueryState, showToast, useWriteLock, WriteLockReason } from '@camposense/ui';
import { useState } from 'react';

const isMessageLanguage = (value: string | null): value is MessageLanguage => value === 'es' || value === 'en';

/**
 * The signed-in user's own notification language (`usuario.idioma`): the language the notifier
 * writes their alarm e-mails and texts in, kept by the API, apart from the console's own language
 * (which stays in this browser).
 */
export function MessageLanguageSetting() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useMessageLanguage();
  const save = useSaveMessageLanguageMutation();
  /** The language last chosen: shown as chosen while it is being saved. */
  const [chosen, setChosen] = useState<MessageLanguage | null>(null);
  const saving = save.isMutating ? chosen : null;
  // A try under way hides the last one's failure.
  const failed = save.error !== undefined && !save.isMutating;
  // Offline the stored language is shown but cannot be changed (issue 30).
  const writeLock = useWriteLock();

  const change = async (next: string | null) => {
    if (!isMessageLanguage(next) || next === data?.idioma || saving || writeLock.locked) return;
    setChosen(next);
    try {
      // What the API stored becomes the shown language, without asking again.
      const stored = await save.trigger(next);
      showToast({
        type: 'success',
        title: t('settings.messageLanguageSavedTitle'),
        message: t('settings.messageLanguageSavedMessage', { language: t(`language.${stored.idioma}`) }),
      });
    } catch {
      // Said from the mutation's `error`.
    }
  };

  return (
    <QueryState
      query={{ data, error, isValidating: isLoading, mutate }}
      loadingLabel={t('settings.messageLanguageLoading')}
      errorMessage={t('settings.messageLanguageLoadError')}
      minH="6rem"
    >
      {(stored) => (
        <Stack gap="3">
          <LanguageChoice
            value={saving ?? stored.idioma}
            onChange={(next) => void change(next)}
            description={t('settings.messageLanguageDescription')}
            disabled={saving !== null || writeLock.locked}
            describedBy={writeLock.describe['aria-describedby']}
          />
          <WriteLockReason lock={writeLock} />
          {saving !== null && (
            <HStack gap="2" role="status" color="fg.muted" fontSize="sm">
              <Spinner size="xs" aria-hidden />
              <Text>{t('settings.messageLanguageSaving')}</Text>
            </HStack>
          )}
          {failed && (
            <Text role="alert" color="fg.error" fontSize="sm">
              {t('settings.messageLanguageSaveError')}
            </Text>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/** The two languages as radio cards, each by its name and code: the console's and the messages'. */
export function LanguageChoice({
  value,
  onChange,
  description,
  disabled = false,
  describedBy,
}: {
  value: string;
  onChange: (next: string | null) => void;
  description: string;
  disabled?: boolean;
  /** The id of a text that says why the choice is disabled. */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <RadioCard.Root value={value} onValueChange={(details) => onChange(details.value)} orientation="horizontal" colorPalette="brand" size="sm" disabled={disabled} aria-describedby={describedBy}>
      <RadioCard.Label color="fg.muted">{description}</RadioCard.Label>
      <SimpleGrid columns={2} gap="3">
        {LANGUAGES.map((option) => (
          <RadioCard.Item key={option} value={option}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{t(`language.${option}`)}</RadioCard.ItemText>
                <RadioCard.ItemDescription>{option}</RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </SimpleGrid>
    </RadioCard.Root>
  );
}
