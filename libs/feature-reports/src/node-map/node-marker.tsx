import { Box, chakra } from '@chakra-ui/react';
import type { NodeMapNode } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { forwardRef } from 'react';
import { STATE_LOOK, worstState } from './node-state-badge';

export interface NodeMarkerProps {
  /** One node, or the members of a cluster (two or more). */
  nodes: readonly NodeMapNode[];
  /** The node whose card is open. @default false */
  selected?: boolean;
  /** A node: open its card; a cluster: zoom onto its members. */
  onActivate: () => void;
}

/**
 * A marker on either map: a button (so Tab reaches it and Enter or Space opens it) coloured and
 * iconed by the node's state; a cluster shows its count in its most urgent state's colour.
 */
export const NodeMarker = forwardRef<HTMLButtonElement, NodeMarkerProps>(function NodeMarker({ nodes, selected = false, onActivate }, ref) {
  const { t } = useTranslation();
  const cluster = nodes.length > 1;
  const state = worstState(nodes.map((node) => node.estado));
  const look = STATE_LOOK[state];
  const label = cluster
    ? t('nodeMap.cluster', { count: nodes.length, names: nodes.map((node) => node.nodo).join(', ') })
    : t('nodeMap.marker', { nodo: nodes[0]?.nodo, state: t(`nodeMap.state.${state}`) });
  return (
    <chakra.button
      ref={ref}
      type="button"
      aria-label={label}
      aria-pressed={cluster ? undefined : selected}
      title={label}
      data-state={state}
      onClick={(event) => {
        // The map underneath must not take the click as its own (MapLibre closes popups on map clicks).
        event.stopPropagation();
        onActivate();
      }}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW={cluster ? '8' : '7'}
      h={cluster ? '8' : '7'}
      px={cluster ? '1.5' : '0'}
      rounded="full"
      borderWidth="2px"
      borderColor={selected ? 'fg' : 'bg'}
      bg={`${look.palette}.solid`}
      color={`${look.palette}.contrast`}
      fontSize="xs"
      fontWeight="bold"
      boxShadow="md"
      cursor="pointer"
      outline="none"
      _focusVisible={{ outline: '3px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      colorPalette={look.palette}
    >
      {cluster ? <Box as="span">{nodes.length}</Box> : look.icon()}
    </chakra.button>
  );
});
