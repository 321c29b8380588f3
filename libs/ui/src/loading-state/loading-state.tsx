import { Spinner, Text } from '@chakra-ui/react';
import { StateView, type StateViewProps } from '../state-view/state-view';

export interface LoadingStateProps extends Omit<StateViewProps, 'size'> {
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
    <StateView role="status" aria-live="polite" size={fullScreen ? 'fullScreen' : 'md'} gap="4" {...rest}>
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <Text fontWeight="semibold" letterSpacing="wide">
        {label}
      </Text>
      {detail ? (
        <Text color="fg.muted" fontSize="sm">
          {detail}
        </Text>
      ) : null}
    </StateView>
  );
}
