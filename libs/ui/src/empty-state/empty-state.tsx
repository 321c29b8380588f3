import { EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps extends Omit<ChakraEmptyState.RootProps, 'title'> {
  /** What is missing, e.g. No hay alertas. */
  title: string;
  /** A second line: why, or what to do. */
  description?: string;
  /** @default an inbox icon */
  icon?: ReactNode;
}

/** The empty state of every list and report. */
export function EmptyState({ title, description, icon, ...rest }: EmptyStateProps) {
  return (
    <ChakraEmptyState.Root {...rest}>
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator>{icon ?? <Inbox aria-hidden />}</ChakraEmptyState.Indicator>
        <VStack textAlign="center">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          {description ? <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description> : null}
        </VStack>
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}
