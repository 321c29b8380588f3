import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Panel } from '../panel';

export interface SectionPlaceholderProps {
  /** The section's icon, drawn large above the title. */
  icon: ReactNode;
  /** The section and action, e.g. Empresa · Crear. */
  title: string;
  /** A line under the title, e.g. Pantalla en desarrollo. */
  description: string;
  /** The section colour of the title (parameters orange, thresholds blue). */
  accent: string;
}

/** A screen whose content arrives with a later release: what it is and that it is being built. */
export function SectionPlaceholder({ icon, title, description, accent }: SectionPlaceholderProps) {
  return (
    <Flex flex="1" align="center" justify="center" p="8">
      <Panel variant="dashed" maxW="32rem" w="full">
        <Stack gap="3">
          <Flex align="center" gap="3" color={accent}>
            <Box as="span" display="inline-flex" aria-hidden>
              {icon}
            </Box>
            <Heading as="h2" size="lg">
              {title}
            </Heading>
          </Flex>
          <Text color="fg.muted">{description}</Text>
        </Stack>
      </Panel>
    </Flex>
  );
}
