import { Field, NativeSelect } from '@chakra-ui/react';

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
