import { Combobox, createListCollection, Portal, Spinner, Text, useFilter } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { useEffect, useMemo, useState } from 'react';

export interface SearchableSelectOption {
  value: number;
  label: string;
}

export interface SearchableSelectProps {
  /** The visible label, e.g. Pais. */
  label: string;
  options: SearchableSelectOption[];
  /** The chosen option's value, or null for none. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** Shown when nothing is chosen. */
  placeholder?: string;
  /** @default false */
  disabled?: boolean;
  /** While the options load. @default false */
  loading?: boolean;
  /** Open at first render (stories). @default false */
  defaultOpen?: boolean;
  /** Render the list in place instead of a portal (inside a sidebar that clips). @default false */
  inline?: boolean;
  /** Marks the label (*) and the control required. @default false */
  required?: boolean;
  /** An error under the control; marks it invalid. */
  error?: string | null;
}

/**
 * A dropdown with a search box (`Buscar...`), a clear button and `No se encontraron resultados`;
 * the search is a case- and accent-insensitive substring match on the name.
 */
export function SearchableSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  disabled = false,
  loading = false,
  defaultOpen = false,
  inline = false,
  required = false,
  error = null,
}: SearchableSelectProps) {
  const { t } = useTranslation();
  const { contains } = useFilter({ sensitivity: 'base' });
  const items = useMemo(() => options.map((option) => ({ value: String(option.value), label: option.label })), [options]);
  const selectedLabel = options.find((option) => option.value === value)?.label ?? '';
  const [inputValue, setInputValue] = useState(selectedLabel);
  const [query, setQuery] = useState('');
  const collection = useMemo(
    () => createListCollection({ items: items.filter((item) => contains(item.label, query)) }),
    [items, query, contains],
  );

  // The input shows the chosen name, also when the choice or the options arrive from outside.
  useEffect(() => setInputValue(selectedLabel), [selectedLabel]);

  const selected = value === null ? [] : [String(value)];
  const content = (
    <Combobox.Positioner>
      <Combobox.Content maxH="15rem" overflowY="auto">
        <Combobox.Empty>{t('filters.noResults')}</Combobox.Empty>
        {collection.items.map((item) => (
          <Combobox.Item key={item.value} item={item}>
            {item.label}
            <Combobox.ItemIndicator />
          </Combobox.Item>
        ))}
      </Combobox.Content>
    </Combobox.Positioner>
  );

  return (
    <Combobox.Root
      collection={collection}
      value={selected}
      inputValue={inputValue}
      onValueChange={(details) => onChange(details.value[0] ? Number(details.value[0]) : null)}
      onInputValueChange={(details) => {
        setInputValue(details.inputValue);
        // Typing filters; the input echoing a chosen name does not.
        setQuery(details.reason === 'input-change' ? details.inputValue : '');
      }}
      onOpenChange={(details) => {
        if (!details.open) setInputValue(selectedLabel);
      }}
      disabled={disabled}
      required={required}
      invalid={Boolean(error)}
      defaultOpen={defaultOpen}
      openOnClick
      size="sm"
      width="full"
      positioning={{ sameWidth: true }}
    >
      <Combobox.Label fontSize="xs" fontWeight="semibold" letterSpacing="wider" color="fg.muted">
        {label}
        {required ? (
          <Text as="span" color="fg.error" aria-hidden ms="1">
            *
          </Text>
        ) : null}
      </Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder={value === null ? (placeholder ?? t('filters.search')) : t('filters.search')} />
        <Combobox.IndicatorGroup>
          {loading ? <Spinner size="xs" /> : null}
          <Combobox.ClearTrigger aria-label={t('filters.clear', { label })} />
          <Combobox.Trigger aria-label={t('filters.open', { label })} />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      {inline ? content : <Portal>{content}</Portal>}
      {error ? (
        <Text color="fg.error" fontSize="xs" role="alert">
          {error}
        </Text>
      ) : null}
    </Combobox.Root>
  );
}
