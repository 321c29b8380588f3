import { Spinner, Stack, Text, type StackProps } from '@chakra-ui/react';

export interface LoadingStateProps extends StackProps {
  /** What is loading, read by screen readers and shown under the spinner. */
  label: string;
  /** A second line, such as the tab being loaded. */
  detail?: string;
  /** Fill the whole viewport (the auth check) instead of the content area. @default false */
  fullScreen?: boolean;
}

/** The one spinner state every screen shows while it waits. */
export function LoadingState({ label, detail, fullScreen = false, ...rest }: LoadingStateProps) {
  return (
    <Stack
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      gap="4"
      minH={fullScreen ? '100vh' : '12rem'}
      w="full"
      bg={fullScreen ? 'surface.page' : undefined}
      {...rest}
    >
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <Text fontWeight="semibold" letterSpacing="wide">
        {label}
      </Text>
      {detail ? (
        <Text color="fg.muted" fontSize="sm">
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}
