import { Flex, Stack, Text } from '@chakra-ui/react';
import { MousePointerClick } from 'lucide-react';

export interface PromptScreenProps {
  /** What to do to continue (`Selecciona una opción del menú lateral para continuar`). */
  message: string;
}

/** The prompt of a tab whose content needs a further choice. */
export function PromptScreen({ message }: PromptScreenProps) {
  return (
    <Flex flex="1" align="center" justify="center" p="8" h="full">
      <Stack align="center" gap="3" textAlign="center" color="fg.muted">
        <MousePointerClick size={36} aria-hidden />
        <Text fontSize="lg" fontWeight="medium">
          {message}
        </Text>
      </Stack>
    </Flex>
  );
}
