import { Badge, Box, Button, DataList, HStack, Input, InputGroup, mergeProps, Stack, Text, Tooltip, useTooltipContext } from '@chakra-ui/react';
import type { NodoConLocalizacion } from '@camposense/domain';
import { formatDateTime, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { EmptyState, Panel, QueryState } from '@camposense/ui';
import { Radio, Search } from 'lucide-react';
import { cloneElement, memo, useLayoutEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';

export interface NodeSelectorProps {
  nodes: readonly NodoConLocalizacion[];
  selectedId: number | null;
  onSelect: (nodoid: number | null) => void;
  /** @default false */
  loading?: boolean;
  /** The load failed; with a retry. */
  error?: boolean;
  onRetry?: () => void;
  /** The search box's starting text (stories). @default '' */
  initialQuery?: string;
}

/** Case- and accent-insensitive text for the search. */
const fold = (text: string | null | undefined) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The nodes whose name, DevEUI or location contains the search text. */
export function matchNodes(nodes: readonly NodoConLocalizacion[], query: string): NodoConLocalizacion[] {
  const needle = fold(query.trim());
  if (needle === '') return [...nodes];
  return nodes.filter((node) => [node.nodo, node.deveui, node.ubicacion].some((field) => fold(field).includes(needle)));
}

/** The node list with its search by name, DevEUI or location; hovering a node shows its details. */
export function NodeSelector({ nodes, selectedId, onSelect, loading = false, error = false, onRetry, initialQuery = '' }: NodeSelectorProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(initialQuery);
  const shown = useMemo(() => matchNodes(nodes, query), [nodes, query]);

  const list = () => {
    if (nodes.length === 0) return <EmptyState title={t('dashboard.noNodes')} size="sm" />;
    if (shown.length === 0) return <EmptyState title={t('dashboard.noMatch', { query: query.trim() })} icon={<Search aria-hidden />} size="sm" />;
    return (
      <NodeTooltip nodes={shown}>
        <NodeOptions nodes={shown} selectedId={selectedId} onSelect={onSelect} />
      </NodeTooltip>
    );
  };

  return (
    <Panel asChild>
      <Stack gap="2" h="full">
        <Text fontSize="xs" fontWeight="semibold" letterSpacing="wider" color="fg.muted">
          {t('dashboard.nodes')}
          {!loading && !error && nodes.length > 0 ? ` · ${t('dashboard.nodesCount', { shown: shown.length, count: nodes.length })}` : ''}
        </Text>
        <InputGroup startElement={<Search size={14} aria-hidden />}>
          <Input
            size="sm"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('dashboard.searchNodes')}
            aria-label={t('dashboard.searchNodes')}
            disabled={loading || error}
          />
        </InputGroup>
        <QueryState
          query={{ data: loading || error ? undefined : nodes, error, isValidating: loading, mutate: onRetry }}
          loadingLabel={t('dashboard.loadingNodes')}
          errorMessage={t('dashboard.nodesError')}
          minH="8rem"
        >
          {list}
        </QueryState>
      </Stack>
    </Panel>
  );
}

/**
 * The options, inside the list's tooltip: the one part that follows the tooltip's state, and hands
 * each option only whether its details are shown, so opening, moving or closing the tooltip redraws
 * the option it leaves and the one it reaches, not every option (issue 30, Lighthouse TBT).
 */
function NodeOptions({ nodes, selectedId, onSelect }: { nodes: readonly NodoConLocalizacion[]; selectedId: number | null; onSelect: (nodoid: number | null) => void }) {
  const { t } = useTranslation();
  const tooltip = useTooltipContext();
  const triggers = useNodeTriggers(tooltip);
  const shownValue = tooltip.open ? tooltip.triggerValue : undefined;
  return (
    <Stack as="ul" role="listbox" aria-label={t('dashboard.nodes')} gap="1" overflowY="auto" maxH="calc(100vh - 22rem)" minH="8rem">
      {nodes.map((node) => (
        <NodeOption
          key={node.nodoid}
          node={node}
          selected={node.nodoid === selectedId}
          onSelect={onSelect}
          triggers={triggers}
          shown={String(node.nodoid) === shownValue}
        />
      ))}
    </Stack>
  );
}

/**
 * One node of the list. Memoised: the dashboard re-renders on every answer, filter and connection
 * change, and redrawing every option (each a button, its tooltip and its marks through Chakra's
 * styles) on each of them made the dashboard's main thread the console's busiest (issue 30,
 * Lighthouse TBT); an option now redraws only when its node, its selection or the handler changes.
 */
const NodeOption = memo(function NodeOption({ node, selected, onSelect, triggers, shown }: NodeOptionProps) {
  const { t } = useTranslation();
  const value = String(node.nodoid);
  const triggerProps = useMemo(() => triggers.props(value, shown), [triggers, value, shown]);
  return (
    // The option is the button inside: the item is only the list's markup, so it has no role.
    <Box as="li" role="none" listStyleType="none">
      <NodeTrigger triggerProps={triggerProps}>
        <Button
          role="option"
          aria-selected={selected}
          variant={selected ? 'subtle' : 'ghost'}
          colorPalette={selected ? 'brand' : 'gray'}
          w="full"
          h="auto"
          py="2"
          justifyContent="flex-start"
          textAlign="start"
          onClick={() => onSelect(selected ? null : node.nodoid)}
        >
          <Radio aria-hidden />
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {node.nodo}
            </Text>
            <Text fontSize="xs" color="fg.muted" fontFamily="mono" truncate>
              {node.deveui ?? t('dashboard.notAvailable')} · {node.ubicacion}
            </Text>
            <NodeMarks node={node} />
          </Stack>
        </Button>
      </NodeTrigger>
    </Box>
  );
});

/** "Last seen", and a mark for a silent node and for open threshold alarms (alarms.md). */
function NodeMarks({ node }: { node: NodoConLocalizacion }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const seen = formatDateTime(node.ultimaFecha, i18n.language, { timeZone });
  const silent = node.episodioSinDatos;
  return (
    <Stack gap="1" minW="0">
      <Text fontSize="xs" color="fg.muted" truncate>
        {seen ? t('dashboard.lastSeen', { when: seen }) : t('dashboard.neverSeen')}
      </Text>
      {(silent || node.episodiosActivos > 0) && (
        <HStack gap="1" wrap="wrap">
          {silent && (
            <Badge size="sm" colorPalette={silent.statusid === 1 ? 'red' : 'gray'} variant="solid">
              {t(silent.statusid === 1 ? 'dashboard.silent' : 'dashboard.silentAcknowledged')}
            </Badge>
          )}
          {node.episodiosActivos > 0 && (
            <Badge size="sm" colorPalette="orange" variant="subtle">
              {t('dashboard.activeEpisodes', { count: node.episodiosActivos })}
            </Badge>
          )}
        </HStack>
      )}
    </Stack>
  );
}

/**
 * The list's one tooltip, shared by every option (zag's tooltip with one trigger per value): a
 * tooltip per option built 60 state machines on the dashboard's first draw, ~0.1 s of a phone's
 * main thread at 4x slowdown (issue 30, Lighthouse TBT), for one tooltip shown at a time.
 */
function NodeTooltip({ nodes, children }: { nodes: readonly NodoConLocalizacion[]; children: ReactNode }) {
  return (
    <Tooltip.Root positioning={{ placement: 'right-start' }} openDelay={300} closeDelay={50} lazyMount unmountOnExit>
      {children}
      <Tooltip.Positioner>
        <Tooltip.Content bg="surface.raised" color="fg" borderWidth="1px" p="3" maxW="22rem">
          <Tooltip.Context>
            {(tooltip) => {
              const node = nodes.find((candidate) => String(candidate.nodoid) === tooltip.triggerValue);
              return node ? <NodeDetails node={node} /> : null;
            }}
          </Tooltip.Context>
        </Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
}

interface NodeOptionProps {
  node: NodoConLocalizacion;
  selected: boolean;
  onSelect: (nodoid: number | null) => void;
  /** The list's tooltip triggers (the same object every render). */
  triggers: NodeTriggers;
  /** This option's details are in the tooltip. */
  shown: boolean;
}

/** Each option's props as a trigger of the list's one tooltip. */
interface NodeTriggers {
  props(value: string, shown: boolean): Record<string, unknown>;
}

type TriggerHandler = 'onClick' | 'onFocus' | 'onBlur' | 'onPointerDown' | 'onPointerMove' | 'onPointerOver' | 'onPointerLeave' | 'onPointerCancel';
const TRIGGER_HANDLERS: readonly TriggerHandler[] = ['onClick', 'onFocus', 'onBlur', 'onPointerDown', 'onPointerMove', 'onPointerOver', 'onPointerLeave', 'onPointerCancel'];

/**
 * The triggers of the list's tooltip, one object for the list's life. zag's trigger props carry the
 * tooltip's state (open, the current trigger) in their marks and in their handlers' closures, so
 * taking them afresh made every option redraw on every change of the tooltip. Here the marks follow
 * `shown` alone: zag marks every trigger of an open tooltip expanded and described by it, and only
 * the option whose details are shown is, as with a tooltip each. The handlers ask zag's props of the
 * moment when they run, so they act on the tooltip as it is then.
 */
function useNodeTriggers(tooltip: ReturnType<typeof useTooltipContext>): NodeTriggers {
  const latest = useRef(tooltip);
  useLayoutEffect(() => {
    latest.current = tooltip;
  });
  const [triggers] = useState<NodeTriggers>(() => {
    // The ids and the value are the same whatever the state: taken once.
    const contentId = tooltip.getContentProps().id;
    return {
      props(value, shown) {
        const handlers = Object.fromEntries(
          TRIGGER_HANDLERS.map((name) => [name, (event: unknown) => (latest.current.getTriggerProps({ value })[name] as (event: unknown) => void)(event)]),
        );
        const marks = shown
          ? { 'data-current': '', 'data-expanded': '', 'data-state': 'open', 'aria-describedby': contentId }
          : { 'data-current': undefined, 'data-expanded': undefined, 'data-state': 'closed', 'aria-describedby': undefined };
        return { ...tooltip.getTriggerProps({ value }), ...handlers, ...marks };
      },
    };
  });
  return triggers;
}

/**
 * An option as a trigger of the list's tooltip. (Tooltip.Trigger would merge zag's marks back: its
 * merge keeps a value over an undefined one.)
 */
function NodeTrigger({ triggerProps, children }: { triggerProps: Record<string, unknown>; children: ReactElement<Record<string, unknown>> }) {
  return cloneElement(children, mergeProps(triggerProps, children.props));
}

/** What the node tooltip lists: DevEUI, location, fund, company, country, entity, coordinates, last measurement and its hour. */
export function NodeDetails({ node }: { node: NodoConLocalizacion }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const last = formatDateTime(node.ultimaFecha, i18n.language, { timeZone });
  const [day, hour] = last ? last.split(', ') : [null, null];
  const coordinates =
    node.latitud !== null && node.longitud !== null ? `${node.latitud.toFixed(6)}, ${node.longitud.toFixed(6)}` : t('dashboard.notAvailable');
  const rows: [string, string][] = [
    [t('dashboard.deveui'), node.deveui ?? t('dashboard.notAvailable')],
    [t('tables.ubicacion'), node.ubicacion],
    [t('dashboard.fund'), node.fundo],
    [t('dashboard.company'), node.empresa],
    [t('dashboard.country'), node.pais],
    [t('tables.entidad'), node.entidad],
    [t('dashboard.coordinates'), coordinates],
    [t('dashboard.lastMeasurement'), day ?? t('dashboard.never')],
    [t('dashboard.hour'), hour ?? t('dashboard.notAvailable')],
  ];
  // Open alarms, only where there are some: a quiet node's tooltip stays as it was.
  if (node.episodiosActivos > 0) rows.push([t('dashboard.tooltipActiveAlerts'), String(node.episodiosActivos)]);
  if (node.episodioSinDatos) {
    const since = formatDateTime(node.episodioSinDatos.fechainicio, i18n.language, { timeZone }) ?? t('dashboard.notAvailable');
    rows.push([t('dashboard.tooltipSilentSince'), node.episodioSinDatos.statusid === 1 ? since : `${since} · ${t('dashboard.silentAcknowledged')}`]);
  }
  return (
    <Stack gap="2">
      <Text fontWeight="bold">{node.nodo}</Text>
      <DataList.Root orientation="horizontal" size="sm" gap="1">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="8rem">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}
