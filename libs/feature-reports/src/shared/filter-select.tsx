import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { FunnelX } from 'lucide-react';
import type { ReactNode } from 'react';

const ALL = '';

export interface FilterSelectOption<Value extends string | number> {
  value: Value;
  label: string;
}

export interface FilterSelectProps<Value extends string | number> {
  label: string;
  /** The first option, chosen when nothing narrows (null). */
  allLabel: string;
  value: Value | null;
  options: readonly FilterSelectOption<Value>[];
  onChange: (value: Value | null) => void;
  disabled?: boolean;
  /** @default '18rem' */
  maxW?: string;
}

/** One select of a report's filter panel: its label, an "all" option, then the choices. */
export function FilterSelect<Value extends string | number>({
  label,
  allLabel,
  value,
  options,
  onChange,
  disabled = false,
  maxW = '18rem',
}: FilterSelectProps<Value>) {
  return (
    <Field.Root maxW={maxW} flex="1 1 11rem" disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={value ?? ALL}
          // Options hold their value as text: the chosen one is found again by that text.
          onChange={(event) => onChange(options.find((option) => String(option.value) === event.currentTarget.value)?.value ?? null)}
        >
          <option value={ALL}>{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export interface FiltersPanelProps {
  /** The panel's heading, also its accessible name. */
  title: string;
  /** Some filter narrows the report: the clear button is offered. */
  narrowed: boolean;
  clearLabel: string;
  /** Puts every filter back on "all". */
  onClear: () => void;
  /** Why the filters' options could not be read, said under them (the selects stay on "all"). */
  optionsError: unknown;
  /** The panel's selects and dates. */
  children: ReactNode;
}

/** A report's filter panel: its heading, the filters in a wrapping row, the clear button, a failed options request. */
export function FiltersPanel({ title, narrowed, clearLabel, onClear, optionsError, children }: FiltersPanelProps) {
  const { t } = useTranslation();
  return (
    <Stack as="section" aria-label={title} gap="2" p="3" borderWidth="1px" borderColor="border" rounded="md">
      <Text fontSize="xs" fontWeight="bold" letterSpacing="wider" color="fg.muted">
        {title}
      </Text>
      <HStack gap="4" align="end" wrap="wrap">
        {children}
        {narrowed ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            <FunnelX aria-hidden />
            {clearLabel}
          </Button>
        ) : null}
      </HStack>
      {optionsError ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {optionsError instanceof Error && optionsError.message
            ? t('errors.filterDataWithMessage', { message: optionsError.message })
            : t('errors.filterData')}
        </Text>
      ) : null}
    </Stack>
  );
}
