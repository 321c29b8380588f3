import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps extends Omit<Field.RootProps, 'label'> {
  /** The visible label, tied to the control for screen readers. */
  label: ReactNode;
  /** An error under the control; marks it invalid. */
  error?: string | null;
  /** A hint under the control, hidden while there is an error. */
  helperText?: ReactNode;
  /** The control (input, select, textarea). */
  children: ReactNode;
  /**
   * Keep the label for screen readers only: a grid's cell, whose column header already says what
   * it holds to the eye. @default false
   */
  hideLabel?: boolean;
}

/** A labelled control with its error text: every form field of the console. */
export function FormField({ label, error, helperText, children, hideLabel = false, ...rest }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} {...rest}>
      <Field.Label fontSize="xs" fontWeight="semibold" letterSpacing="wider" color="fg.muted" srOnly={hideLabel}>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
