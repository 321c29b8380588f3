import { Text } from '@chakra-ui/react';

export interface ReferenceLabelProps {
  /** The foreign key's value. */
  id: unknown;
  /** The referenced row's name, once known. */
  label?: string;
}

/** Names a foreign key's row (the company's name, not `empresaid 3`); the id until the name arrives or when the row has none. */
export function ReferenceLabel({ id, label }: ReferenceLabelProps) {
  return (
    <Text as="span" whiteSpace="nowrap">
      {id === null || id === undefined ? '' : (label ?? String(id))}
    </Text>
  );
}
