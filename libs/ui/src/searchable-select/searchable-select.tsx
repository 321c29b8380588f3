import { Combobox, createListCollection, Portal, Spinner, Text, useFilter } from '@chakra-ui/react';
import { localeOf, useTranslation } from '@camposense/i18n';
import { useEffect, useMemo, useRef, useState } from 'react';

export interface SearchableSelectOption {
  value: number;
  label: string;
}

export interface SearchableSelectProps {
  /** The visible label, e.g. Pais. */
  label: string;
  /** The choices, filtered as the user types. */
  options: SearchableSelectOption[];
  /** The chosen option's value, or null for none. */
  value: number | null;
  /** A choice, or null when it is cleared. */
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
  /**
   * The options are searched on the server: every typed text is passed here and `options` are
   * shown as given (the server also matches what the label does not show, a DevEUI say).
   * Without it the given options are filtered here.
   */
  onSearchChange?: (query: string) => void;
  /** Offers the clear button; a choice that must always hold a value (a status) has none. @default true */
  clearable?: boolean;
  /**
   * How many options the server matched, when it sent only the first `shown` of them: the list
   * ends with "Se muestran {shown} de {total}: escriba para acotar la búsqueda". Null (or total ≤
   * shown): every match is listed, nothing is added.
   */
  matches?: { shown: number; total: number } | null;
}

/**
 * A dropdown with a search box (`Buscar...`), a clear button and `No se encontraron resultados`;
 * the search is a case- and accent-insensitive substring match on the name, or the server's
 * (`onSearchChange`).
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
  onSearchChange,
  clearable = true,
  matches = null,
}: SearchableSelectProps) {
  const { t, i18n } = useTranslation();
  const { contains } = useFilter({ sensitivity: 'base' });
  const items = useMemo(() => options.map((option) => ({ value: String(option.value), label: option.label })), [options]);
  const selectedLabel = options.find((option) => option.value === value)?.label ?? '';
  const [inputValue, setInputValue] = useState(selectedLabel);
  const [query, setQuery] = useState('');
  // The highlighted option is held here, not in Chakra's combobox, and only while the list is open:
  // on opening, the combobox highlights the chosen option one animation frame later, reading the
  // choice then. When the option is clicked before that frame (a loaded machine), the frame comes
  // after the list has closed and unmounted, and highlights the new choice anyway: the input kept
  // aria-activedescendant naming an option no longer in the page (axe's aria-valid-attr-value).
  const open = useRef(defaultOpen);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const collection = useMemo(
    () => createListCollection({ items: onSearchChange ? items : items.filter((item) => contains(item.label, query)) }),
    [items, query, contains, onSearchChange],
  );

  // The input shows the chosen name, also when the choice or the options arrive from outside.
  useEffect(() => setInputValue(selectedLabel), [selectedLabel]);

  const selected = value === null ? [] : [String(value)];
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const more = matches && matches.total > matches.shown && collection.items.length > 0 ? matches : null;
  const content = (
    <Combobox.Positioner>
      <Combobox.Content maxH="15rem" overflowY="auto">
        <Combobox.Empty>{t('filters.noResults')}</Combobox.Empty>
        {more ? (
          // Not an option (the keyboard walks past it), and first, so it is read when the list
          // opens: the list is cut, and typing narrows it.
          <Text px="2" pt="1" pb="2" mb="1" borderBottomWidth="1px" fontSize="xs" color="fg.muted">
            {t('filters.moreResults', { shown: number.format(more.shown), total: number.format(more.total) })}
          </Text>
        ) : null}
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
      highlightedValue={highlighted}
      onHighlightChange={(details) => setHighlighted(open.current ? details.highlightedValue : null)}
      onValueChange={(details) => onChange(details.value[0] ? Number(details.value[0]) : null)}
      onInputValueChange={(details) => {
        setInputValue(details.inputValue);
        // Typing filters; the input echoing a chosen name does not.
        const typed = details.reason === 'input-change' ? details.inputValue : '';
        setQuery(typed);
        onSearchChange?.(typed);
      }}
      onOpenChange={(details) => {
        open.current = details.open;
        if (details.open) return;
        setHighlighted(null);
        setInputValue(selectedLabel);
        setQuery('');
        onSearchChange?.('');
      }}
      disabled={disabled}
      required={required}
      invalid={Boolean(error)}
      defaultOpen={defaultOpen}
      openOnClick
      // The options are rendered when the list opens: a screen with three filters built every
      // farm, company and country option up front.
      lazyMount={!inline}
      unmountOnExit={!inline}
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
          {clearable ? <Combobox.ClearTrigger aria-label={t('filters.clear', { label })} /> : null}
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
