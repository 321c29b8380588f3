import { Badge, DataList, Input, InputGroup, mergeProps, Stack, Text, Tooltip, useRecipe, useTooltipContext, type SystemStyleObject } from '@chakra-ui/react';
import type { NodoConLocalizacion } from '@camposense/domain';
import { formatDateTime, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { EmptyState, Panel, QueryState } from '@camposense/ui';
import { Radio, Search } from 'lucide-react';
import { cloneElement, memo, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';

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
 * Options drawn on the list's first draw. The list is at most `100vh - 22rem` high and an option at
 * least ~4.25rem (name, DevEUI and last-seen lines), so 16 fill it in a window up to 1,440 px high:
 * the rest, drawn just after, only lengthens what the list scrolls, and nothing moves (CLS).
 */
const FIRST_SCREENFUL = 16;

/**
 * The nodes whose options are drawn: the first screenful at once, the rest in a transition after the
 * first draw. Drawing the 60 demo nodes' options at once was the dashboard's longest task on a phone
 * (~0.85 s at 4x CPU, issue 30, Lighthouse TBT); a transition's render yields to the browser every few
 * milliseconds, so the rest costs no long task. Once all are drawn, a search never cuts the list again.
 */
function useDrawnNodes(nodes: readonly NodoConLocalizacion[]): readonly NodoConLocalizacion[] {
  const [all, setAll] = useState(nodes.length <= FIRST_SCREENFUL);
  const cut = !all && nodes.length > FIRST_SCREENFUL;
  useEffect(() => {
    if (cut) startTransition(() => setAll(true));
  }, [cut]);
  return cut ? nodes.slice(0, FIRST_SCREENFUL) : nodes;
}

/**
 * The options' styles, once for the whole list: each option is plain markup under these selectors.
 * An option built of Chakra components (a Button, two Stacks, three Texts) had its styles computed
 * by Chakra's css-in-js for each of its 6-7 elements, 60 times on the dashboard's first draw: most of
 * the node list's ~0.85 s at 4x CPU (issue 30, Lighthouse TBT). The button's look is Chakra's button
 * recipe itself (ghost in gray, subtle in brand when selected), so the options look as they did.
 */
function useOptionListCss(): SystemStyleObject {
  const button = useRecipe({ key: 'button' });
  return useMemo(() => {
    const layout: SystemStyleObject = { w: 'full', h: 'auto', py: '2', justifyContent: 'flex-start', textAlign: 'start' };
    const truncate: SystemStyleObject = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
    const muted: SystemStyleObject = { ...truncate, fontSize: 'xs', color: 'fg.muted' };
    return {
      '& > li': { listStyleType: 'none' },
      '& > li > button:not([aria-selected=true])': { ...button({ variant: 'ghost', size: 'md' }), colorPalette: 'gray', ...layout },
      '& > li > button[aria-selected=true]': { ...button({ variant: 'subtle', size: 'md' }), colorPalette: 'brand', ...layout },
      [`& .${OPTION_PART.text}`]: { display: 'flex', flexDirection: 'column', gap: '0', minW: '0' },
      [`& .${OPTION_PART.name}`]: { ...truncate, fontWeight: 'semibold' },
      [`& .${OPTION_PART.detail}`]: { ...muted, fontFamily: 'mono' },
      [`& .${OPTION_PART.marks}`]: { display: 'flex', flexDirection: 'column', gap: '1', minW: '0' },
      [`& .${OPTION_PART.seen}`]: muted,
      [`& .${OPTION_PART.badges}`]: { display: 'flex', flexDirection: 'row', alignItems: 'center', flexWrap: 'wrap', gap: '1' },
    };
  }, [button]);
}

/** The class of each part of an option, styled by the list (useOptionListCss). */
const OPTION_PART = {
  text: 'node-option-text',
  name: 'node-option-name',
  detail: 'node-option-detail',
  marks: 'node-option-marks',
  seen: 'node-option-seen',
  badges: 'node-option-badges',
} as const;

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
  const drawn = useDrawnNodes(nodes);
  const css = useOptionListCss();
  return (
    <Stack as="ul" role="listbox" aria-label={t('dashboard.nodes')} gap="1" overflowY="auto" maxH="calc(100vh - 22rem)" minH="8rem" css={css}>
      {drawn.map((node, index) => (
        <NodeOption
          key={node.nodoid}
          node={node}
          position={index + 1}
          setSize={nodes.length}
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
 * change, and redrawing every option on each of them made the dashboard's main thread the console's
 * busiest (issue 30, Lighthouse TBT); an option now redraws only when its node, its place, its
 * selection or the handler changes. Plain elements styled by the list (useOptionListCss).
 */
const NodeOption = memo(function NodeOption({ node, position, setSize, selected, onSelect, triggers, shown }: NodeOptionProps) {
  const { t } = useTranslation();
  const value = String(node.nodoid);
  const triggerProps = useMemo(() => triggers.props(value, shown), [triggers, value, shown]);
  return (
    // The option is the button inside: the item is only the list's markup, so it has no role.
    <li role="none">
      <NodeTrigger triggerProps={triggerProps}>
        <button
          type="button"
          role="option"
          aria-selected={selected}
          // The place and the list's size: right while the options past the first screenful are still being drawn.
          aria-posinset={position}
          aria-setsize={setSize}
          onClick={() => onSelect(selected ? null : node.nodoid)}
        >
          <Radio aria-hidden />
          <span className={OPTION_PART.text}>
            <span className={OPTION_PART.name}>{node.nodo}</span>
            <span className={OPTION_PART.detail}>
              {node.deveui ?? t('dashboard.notAvailable')} · {node.ubicacion}
            </span>
            <NodeMarks node={node} />
          </span>
        </button>
      </NodeTrigger>
    </li>
  );
});

/** "Last seen", and a mark for a silent node and for open threshold alarms (alarms.md). */
function NodeMarks({ node }: { node: NodoConLocalizacion }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const seen = formatDateTime(node.ultimaFecha, i18n.language, { timeZone });
  const silent = node.episodioSinDatos;
  return (
    <span className={OPTION_PART.marks}>
      <span className={OPTION_PART.seen}>{seen ? t('dashboard.lastSeen', { when: seen }) : t('dashboard.neverSeen')}</span>
      {(silent || node.episodiosActivos > 0) && (
        <span className={OPTION_PART.badges}>
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
        </span>
      )}
    </span>
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
  /** The option's place in the list, from 1. */
  position: number;
  /** How many options the list has, drawn or not yet. */
  setSize: number;
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
