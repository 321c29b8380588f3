import { Button, Table } from '@chakra-ui/react';
import type { NodeMapNode } from '@camposense/data-access';
import { formatDateTime, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { NodeStateBadge } from './node-state-badge';

export interface NodeListProps {
  nodes: readonly NodeMapNode[];
  selectedId: number | null;
  onSelect: (nodoid: number) => void;
}

/** The map's list alternative: the same nodes as a table (state, last reading, battery, signal), for screen readers and small screens. */
export function NodeList({ nodes, selectedId, onSelect }: NodeListProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2">
      <Table.Root size="sm" aria-label={t('nodeMap.listLabel')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('nodeMap.node')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('nodeMap.location')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('nodeMap.stateColumn')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('nodeMap.lastReading')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('nodeMap.battery')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('nodeMap.signal')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {nodes.map((node) => (
            <Table.Row key={node.nodoid} data-selected={node.nodoid === selectedId ? '' : undefined} bg={node.nodoid === selectedId ? 'bg.emphasized' : undefined}>
              <Table.Cell>
                <Button size="xs" variant="plain" px="0" aria-pressed={node.nodoid === selectedId} onClick={() => onSelect(node.nodoid)}>
                  {node.nodo}
                </Button>
              </Table.Cell>
              <Table.Cell>
                {node.ubicacion} · {node.fundo}
              </Table.Cell>
              <Table.Cell>
                <NodeStateBadge state={node.estado} />
              </Table.Cell>
              <Table.Cell>{formatDateTime(node.ultimaFecha, i18n.language, { timeZone }) ?? t('nodeMap.never')}</Table.Cell>
              <Table.Cell textAlign="end">{node.bateria === null ? t('dashboard.notAvailable') : `${node.bateria} %`}</Table.Cell>
              <Table.Cell textAlign="end">{node.rssi === null ? t('dashboard.notAvailable') : `${node.rssi} dBm`}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
