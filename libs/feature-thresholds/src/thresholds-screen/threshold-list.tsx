import { Badge, Button, Table, Text } from '@chakra-ui/react';
import { formatNumber, useTranslation } from '@camposense/i18n';
import { gradoPalette } from '@camposense/ui';
import { Fragment, useDeferredValue, useMemo } from 'react';
import { firstRows } from './threshold-scope';
import type { UmbralScopeLocation } from '@camposense/domain';
import type { LocationGroup, ScopeRow } from './threshold-scope';

export interface ThresholdListProps {
  groups: readonly LocationGroup[];
  /** Whether the thresholds of a location are only shown (no Edit, no Create). */
  readOnlyIn: (location: UmbralScopeLocation) => boolean;
  /** The row whose panel is open. */
  selectedKey: string | null;
  onOpen: (row: ScopeRow) => void;
  /**
   * The side panel is open beside the list: the list leaves out the status and profiles columns
   * (the panel shows them for the open row) so the limits and the actions keep their room.
   * @default false
   */
  compact?: boolean;
}

/** More rows than a screen holds: the first paint shows these, and the rest is rendered behind them. */
const FIRST_PAINT_ROWS = 60;

const COLUMNS = ['sonda', 'metrica', 'umbral', 'minimo', 'maximo', 'criticidad', 'status', 'perfiles', 'acciones'] as const;
type Column = (typeof COLUMNS)[number];
/** Left out while the side panel is open (compact). */
const PANEL_COLUMNS: readonly Column[] = ['status', 'perfiles'];

/**
 * The probe names the row and the action opens it: both stay in view while the list scrolls
 * sideways under them, on their row's own ground (plain or selected).
 */
function pinned(side: 'start' | 'end') {
  return {
    position: 'sticky',
    ...(side === 'start' ? { insetInlineStart: '0', borderInlineEndWidth: '1px' } : { insetInlineEnd: '0', borderInlineStartWidth: '1px' }),
    zIndex: 1,
    bg: 'inherit',
  } as const;
}

/** Every threshold in scope, grouped by location and node; metrics without one marked "sin umbral". */
export function ThresholdList({ groups, readOnlyIn, selectedKey, onOpen, compact = false }: ThresholdListProps) {
  const { t, i18n } = useTranslation();
  // A farm holds hundreds of rows: the screenful is painted first, the whole list follows in a
  // background render (and a new scope keeps the old rows on show until it is ready).
  const firstPaint = useMemo(() => firstRows(groups, FIRST_PAINT_ROWS), [groups]);
  const shown = useDeferredValue(groups, firstPaint);
  const limit = (value: number, unidad: string | null) => {
    const shown = formatNumber(value, i18n.language) ?? '';
    return unidad ? `${shown} ${unidad}` : shown;
  };
  const columns = compact ? COLUMNS.filter((column) => !PANEL_COLUMNS.includes(column)) : COLUMNS;
  const shows = (column: Column) => columns.includes(column);

  return (
    <Table.Root
      size="sm"
      aria-label={t('thresholds.tableLabel')}
      stickyHeader
      // The label (the metric, probe and node again) may wrap; every other cell keeps one line.
      css={{ '& td, & th': { whiteSpace: 'nowrap' }, '& td[data-wrap]': { whiteSpace: 'normal', minW: '12rem' } }}
    >
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader
              key={column}
              textAlign={column === 'minimo' || column === 'maximo' ? 'end' : undefined}
              {...(column === 'sonda' ? pinned('start') : column === 'acciones' ? pinned('end') : {})}
            >
              {t(`thresholds.columns.${column}`)}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {shown.map(({ location, nodes }) => {
          const readOnly = readOnlyIn(location);
          return (
          <Fragment key={location.ubicacionid}>
            <Table.Row bg="bg.muted">
              <Table.Cell colSpan={columns.length} fontWeight="bold" as="th" scope="colgroup">
                {t('thresholds.location', { ubicacion: location.ubicacion, fundo: location.fundo })}
              </Table.Cell>
            </Table.Row>
            {nodes.map((node) => (
              <Fragment key={node.nodoid}>
                <Table.Row>
                  <Table.Cell colSpan={columns.length} as="th" scope="colgroup" ps="6" fontWeight="semibold" color="fg.muted">
                    {t('thresholds.node', { nodo: node.nodo })}
                  </Table.Cell>
                </Table.Row>
                {node.rows.map((row) => {
                  const { umbral, place } = row;
                  const selected = row.key === selectedKey;
                  return (
                    <Table.Row key={row.key} aria-selected={selected} bg={selected ? 'blue.subtle' : undefined}>
                      <Table.Cell ps="8" {...pinned('start')}>
                        {place.tipo}
                      </Table.Cell>
                      <Table.Cell>{place.metrica}</Table.Cell>
                      {umbral ? (
                        <>
                          <Table.Cell data-wrap="">{umbral.umbral}</Table.Cell>
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {limit(umbral.minimo, place.unidad)}
                          </Table.Cell>
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {limit(umbral.maximo, place.unidad)}
                          </Table.Cell>
                          <Table.Cell>
                            <Badge colorPalette={gradoPalette(umbral.grado)} variant="solid">
                              {umbral.criticidad} · {t('thresholds.grado', { grado: umbral.grado })}
                            </Badge>
                          </Table.Cell>
                          {shows('status') ? (
                            <Table.Cell>
                              <Badge colorPalette={umbral.statusid === 1 ? 'green' : 'gray'} variant="subtle">
                                {umbral.statusid === 1 ? t('thresholds.active') : t('thresholds.inactive')}
                              </Badge>
                            </Table.Cell>
                          ) : null}
                          {shows('perfiles') ? (
                            <Table.Cell>
                              <Text fontSize="xs" color={umbral.perfiles.length === 0 ? 'fg.muted' : undefined}>
                                {umbral.perfiles.length === 0 ? t('thresholds.noProfiles') : umbral.perfiles.map((perfil) => perfil.perfil).join(', ')}
                              </Text>
                            </Table.Cell>
                          ) : null}
                          <Table.Cell {...pinned('end')}>
                            <Button
                              size="xs"
                              variant="outline"
                              onClick={() => onOpen(row)}
                              aria-label={t(readOnly ? 'thresholds.viewAria' : 'thresholds.editAria', { umbral: umbral.umbral })}
                            >
                              {readOnly ? t('thresholds.view') : t('thresholds.edit')}
                            </Button>
                          </Table.Cell>
                        </>
                      ) : (
                        <>
                          {/* Every column between the metric and the actions. */}
                          <Table.Cell colSpan={columns.length - 3}>
                            <Badge colorPalette="gray" variant="outline">
                              {t('thresholds.sinUmbral')}
                            </Badge>
                          </Table.Cell>
                          <Table.Cell {...pinned('end')}>
                            {readOnly ? null : (
                              <Button
                                size="xs"
                                colorPalette="blue"
                                onClick={() => onOpen(row)}
                                aria-label={t('thresholds.createAria', { metrica: place.metrica, nodo: place.nodo })}
                              >
                                {t('thresholds.create')}
                              </Button>
                            )}
                          </Table.Cell>
                        </>
                      )}
                    </Table.Row>
                  );
                })}
              </Fragment>
            ))}
          </Fragment>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
