import { Alert, type AlertRootProps } from '@chakra-ui/react';

export interface ErrorBoxProps extends Omit<AlertRootProps, 'title'> {
  /** The error text a person reads. */
  message: string;
  /** An optional bold first line. */
  title?: string;
}

/** The inline error box (login, forms): an alert that screen readers announce. */
export function ErrorBox({ message, title, ...rest }: ErrorBoxProps) {
  return (
    <Alert.Root status="error" variant="subtle" borderRadius="md" role="alert" {...rest}>
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
