import { Box, Checkbox, Fieldset, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { matchesSearch } from './choice-search';

export interface ChoiceOption {
  value: number;
  label: string;
  /** A second line (a login, a DevEUI), searched too. */
  detail?: string;
  /** Already held (a metric the probe reports): shown ticked and disabled, never part of `selected`. @default false */
  held?: boolean;
}

export interface ChoiceListProps {
  /** The list's name, its legend. */
  label: string;
  options: readonly ChoiceOption[];
  /** The values ticked. */
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  /** Marks the legend (*): at least one must be ticked. @default false */
  required?: boolean;
  /** An error under the list (nothing ticked). */
  error?: string | null;
  /** What the list says when it has no options at all. */
  emptyText: string;
  /** @default false */
  disabled?: boolean;
}

/**
 * A searchable list of checkboxes: type to narrow it (case and accents ignored, label and detail),
 * tick one or many with the mouse or Tab and Space. Ticked options stay ticked while hidden by a search.
 */
export function ChoiceList({ label, options, selected, onChange, required = false, error, emptyText, disabled = false }: ChoiceListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const searchId = useId();
  const shown = useMemo(() => options.filter((option) => matchesSearch(`${option.label} ${option.detail ?? ''}`, deferred)), [options, deferred]);
  const toggle = (value: number, checked: boolean) =>
    onChange(checked ? [...selected.filter((held) => held !== value), value] : selected.filter((held) => held !== value));
  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={disabled} borderWidth="1px" borderRadius="md" p="3" minW="0">
      <Fieldset.Legend fontSize="xs" fontWeight="semibold" letterSpacing="wider" color="fg.muted" px="1">
        {label}
        {required ? (
          <Text as="span" color="fg.error" aria-hidden>
            {' *'}
          </Text>
        ) : null}
      </Fieldset.Legend>
      <Fieldset.Content gap="2">
        <Input
          id={searchId}
          size="sm"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('parameterForms.choice.searchPlaceholder')}
          aria-label={t('parameterForms.choice.search', { list: label })}
          disabled={disabled}
        />
        {/* While disabled (a save under way) nothing in it takes focus, so it does not scroll either: a scroll region must be reachable by keyboard. */}
        <Box maxH="15rem" overflowY={disabled ? 'hidden' : 'auto'}>
          {options.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" py="2">
              {emptyText}
            </Text>
          ) : shown.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" py="2">
              {t('parameterForms.choice.noMatches')}
            </Text>
          ) : (
            <Stack gap="1">
              {shown.map((option) => (
                <Checkbox.Root
                  key={option.value}
                  size="sm"
                  checked={option.held === true || selected.includes(option.value)}
                  disabled={option.held === true || undefined}
                  onCheckedChange={(details) => toggle(option.value, details.checked === true)}
                  alignItems="flex-start"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label fontWeight="normal">
                    {option.label}
                    {option.detail ? (
                      <Text as="span" display="block" fontSize="xs" color="fg.muted">
                        {option.detail}
                      </Text>
                    ) : null}
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
        </Box>
        <Text fontSize="xs" color="fg.muted" aria-live="polite">
          {t('parameterForms.choice.chosen', { count: selected.length })}
        </Text>
      </Fieldset.Content>
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}
