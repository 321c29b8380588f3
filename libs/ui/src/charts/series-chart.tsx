import { Box, Button, HStack, Text, type BoxProps } from '@chakra-ui/react';
import { localeOf, useTranslation } from '@camposense/i18n';
import { area, axisBottom, axisLeft, bisector, brushX, line, scaleLinear, scaleTime, select } from 'd3';
import type { D3BrushEvent, Selection } from 'd3';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { gapBefore } from './gaps';
import { useWidth } from './use-width';
import type { ChartBucket } from './gaps';
import { chartTimeFormats, zoneTicks } from './time-locale';
import { halfAround, rangeOfBrush, visibleRange, zoomReducer } from './zoom';
import type { ChartRange } from './zoom';

export interface ChartThreshold {
  minimo: number;
  maximo: number;
  /** Shown beside the band, e.g. the criticidad. */
  label: string;
  /** 1 is the most severe; picks the edge colour. */
  severity: number;
  /**
   * `edited`: a band being tuned, drawn over the others in the accent colour with solid edges, so
   * it reads apart from the saved bands it is compared with. @default 'saved'
   */
  variant?: 'saved' | 'edited';
}

/** An alarm episode still open, marked as a shaded span from its start to the window's end. */
export interface ChartEpisode {
  /** The first breaking reading (or the start of the silence); before the window, the span starts at its left edge. */
  start: Date;
  /** Written at the top of the span, e.g. Alta · desde 10:13. */
  label: string;
  /** Acknowledged episodes are drawn grey instead of red. @default false */
  acknowledged?: boolean;
  /** The band the episode broke: its edges are drawn solid across the span. @default none (a no-data episode) */
  minimo?: number | null;
  maximo?: number | null;
}

/** A Chakra colour palette with the semantic keys solid and muted. */
export type ChartTone = 'brand' | 'orange' | 'blue' | 'purple' | 'teal' | 'cyan' | 'pink';

/** A second series of the same metric (another node), drawn on the same axes to compare. */
export interface ChartComparison {
  /** Named in the legend, e.g. the node's name. */
  label: string;
  /** Oldest first, as `buckets`. */
  buckets: readonly ChartBucket[];
  bucketSeconds: number;
}

export interface SeriesChartProps extends Omit<BoxProps, 'children'> {
  /** The metric's name, e.g. Temperatura: the chart's accessible name. */
  label: string;
  /** e.g. °C. @default none */
  unit?: string | null;
  /** Oldest first; empty buckets are absent and show as a gap. */
  buckets: readonly ChartBucket[];
  /** The width of one bucket in seconds: a gap is a missing bucket. */
  bucketSeconds: number;
  /** The window drawn (the x axis). */
  start: Date;
  /** The window's end (the x axis' right edge). */
  end: Date;
  /** Drawn as bands behind the data. @default [] */
  thresholds?: readonly ChartThreshold[];
  /** Open alarm episodes, drawn over the data as spans from their start. @default [] */
  episodes?: readonly ChartEpisode[];
  /** @default 'brand' */
  tone?: ChartTone;
  /** Height of the plot in pixels. @default 220 */
  height?: number;
  /** Written on the svg with the drawing time (benchmarks and end-to-end tests wait on it). */
  seriesKey?: string;
  /** The main series' name in the legend, shown when there is a comparison. @default the metric's label */
  seriesLabel?: string;
  /** A second node's series of the same metric: a lighter band and a dashed mean. @default none */
  comparison?: ChartComparison | null;
  /**
   * IANA zone the axis and the read-out speak of (the farm's), named under the axis. The data stay
   * in UTC ms; only the written times change. @default the browser's, not named
   */
  timeZone?: string;
  /**
   * Told the range drawn after a brush, a double-click or Escape (null: the whole window), so the
   * caller can ask for finer buckets of it; meanwhile the chart rescales what it has. @default none
   */
  onZoomChange?: (range: ChartRange | null) => void;
}

const MARGIN = { top: 12, right: 16, bottom: 28, left: 52 };
const SEVERITY_COLOUR = ['red', 'orange', 'yellow'] as const;
const byTime = bisector<ChartBucket, Date>((bucket) => bucket.t);
/** The compared series' dash: the two means differ in colour and in dash, not in colour alone. */
const COMPARE_DASH = '6 4';

/** The compared series' colour: far from the main one's. */
function compareToneOf(tone: ChartTone): ChartTone {
  return tone === 'blue' || tone === 'cyan' || tone === 'teal' ? 'pink' : 'blue';
}

/** The bucket of `buckets` nearest to `date`; -1 when there are none. */
function nearestIndex(buckets: readonly ChartBucket[], date: Date): number {
  if (buckets.length === 0) return -1;
  return Math.max(0, Math.min(buckets.length - 1, byTime.center(buckets, date)));
}

/** `var(--chakra-colors-…)`: the chart follows the theme without redrawing. */
const token = (path: string) => `var(--chakra-colors-${path.replaceAll('.', '-')})`;


/**
 * One metric over time, drawn with d3 from server-side buckets: the min–max envelope of each
 * bucket, the average as a line, the thresholds as bands, a break where readings are missing, and
 * a read-out of the bucket under the pointer or chosen with the arrow keys.
 */
export function SeriesChart({
  label,
  unit = null,
  buckets,
  bucketSeconds,
  start,
  end,
  thresholds = [],
  episodes = [],
  tone = 'brand',
  height = 220,
  seriesKey,
  seriesLabel,
  comparison = null,
  timeZone,
  onZoomChange,
  ...rest
}: SeriesChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [containerRef, width] = useWidth<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const plotRef = useRef<SVGGElement>(null);
  const brushRef = useRef<SVGGElement>(null);
  const clipId = `plot-${useId().replaceAll(':', '')}`;
  const [active, setActive] = useState<number | null>(null);
  const [zoomStack, zoomTo] = useReducer(zoomReducer, []);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const formats = chartTimeFormats(language, timeZone);
  const number = useMemo(() => new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }), [language]);
  const compareTone = compareToneOf(tone);
  const whole = useMemo<ChartRange>(() => ({ start, end }), [start, end]);
  const shown = visibleRange(zoomStack, whole);
  const zoomed = zoomStack.length > 0;

  // The caller hears of every zoom change but the first render (the whole window, already asked for).
  const onZoomChangeRef = useRef(onZoomChange);
  onZoomChangeRef.current = onZoomChange;
  const firstZoom = useRef(true);
  useEffect(() => {
    if (firstZoom.current) {
      firstZoom.current = false;
      return;
    }
    onZoomChangeRef.current?.(zoomStack.at(-1) ?? null);
  }, [zoomStack]);

  const scales = useMemo(() => {
    const x = scaleTime().domain([shown.start, shown.end]).range([0, innerWidth]);
    const values: number[] = [];
    // Zoomed, the y axis fits what is in view, so the detail fills the height.
    const inView = (bucket: ChartBucket) => !zoomed || (bucket.t < shown.end && bucket.t.getTime() + bucketSeconds * 1000 > shown.start.getTime());
    for (const bucket of buckets) if (inView(bucket)) values.push(bucket.min, bucket.max);
    for (const bucket of comparison?.buckets ?? []) if (inView(bucket)) values.push(bucket.min, bucket.max);
    for (const threshold of thresholds) values.push(threshold.minimo, threshold.maximo);
    const low = values.length > 0 ? Math.min(...values) : 0;
    const high = values.length > 0 ? Math.max(...values) : 1;
    const pad = (high - low) * 0.05 || 1;
    const y = scaleLinear().domain([low - pad, high + pad]).range([innerHeight, 0]).nice();
    return { x, y };
  }, [shown, zoomed, innerWidth, innerHeight, buckets, comparison, thresholds, bucketSeconds]);

  // The average sits in the middle of its bucket, kept inside the window.
  const centreOf = useCallback(
    (bucket: ChartBucket, seconds: number) =>
      new Date(Math.min(end.getTime(), Math.max(start.getTime(), bucket.t.getTime() + (seconds * 1000) / 2))),
    [start, end],
  );
  const centre = useCallback((bucket: ChartBucket) => centreOf(bucket, bucketSeconds), [centreOf, bucketSeconds]);

  useLayoutEffect(() => {
    const svg = svgRef.current;
    const plot = plotRef.current;
    if (!svg || !plot || innerWidth <= 0) return;
    const began = performance.now();
    const { x, y } = scales;
    const root = select(plot);
    root.selectAll('*').remove();

    root
      .append('g')
      .attr('class', 'grid')
      .call(axisLeft(y).ticks(5).tickSize(-innerWidth).tickFormat(() => ''))
      .call((grid) => grid.select('.domain').remove())
      .call((grid) => grid.selectAll('line').style('stroke', token('border.muted')));

    for (const threshold of thresholds) {
      const edited = threshold.variant === 'edited';
      const colour = edited ? token('blue.solid') : token(`${SEVERITY_COLOUR[Math.min(threshold.severity, 3) - 1] ?? 'yellow'}.solid`);
      const band = root
        .append('g')
        .attr('class', edited ? 'threshold threshold-edited' : 'threshold')
        .attr('data-label', threshold.label);
      band
        .append('rect')
        .attr('x', 0)
        .attr('width', innerWidth)
        .attr('y', y(threshold.maximo))
        .attr('height', Math.max(0, y(threshold.minimo) - y(threshold.maximo)))
        .style('fill', edited ? token('blue.solid') : token('green.solid'))
        .style('fill-opacity', edited ? 0.12 : 0.07);
      for (const edge of [threshold.minimo, threshold.maximo]) {
        band
          .append('line')
          .attr('x1', 0)
          .attr('x2', innerWidth)
          .attr('y1', y(edge))
          .attr('y2', y(edge))
          .style('stroke', colour)
          .style('stroke-width', edited ? 1.5 : 1)
          .style('stroke-dasharray', edited ? 'none' : '4 4')
          .style('stroke-opacity', 0.8);
      }
    }

    // The data, clipped to the plot: zoomed, buckets outside the range would spill over the axes.
    const data = root.append('g').attr('class', 'data').attr('clip-path', `url(#${clipId})`);
    const drawSeries = (series: readonly ChartBucket[], seconds: number, seriesTone: ChartTone, role: 'main' | 'compared') => {
      const gaps = gapBefore(series, seconds);
      // d3 breaks a path at an undefined point: put one wherever readings are missing.
      const points: (ChartBucket | null)[] = [];
      series.forEach((bucket, index) => {
        if (gaps[index]) points.push(null);
        points.push(bucket);
      });
      const defined = (point: ChartBucket | null): point is ChartBucket => point !== null;
      const at = (point: ChartBucket) => x(centreOf(point, seconds));
      const envelope = area<ChartBucket | null>()
        .defined(defined)
        .x((point) => at(point!))
        .y0((point) => y(point!.min))
        .y1((point) => y(point!.max));
      const average = line<ChartBucket | null>()
        .defined(defined)
        .x((point) => at(point!))
        .y((point) => y(point!.avg));
      const colour = token(`${seriesTone}.solid`);
      const group = data.append('g').attr('class', `series series-${role}`);
      // Daily buckets or two series: a light band, so the mean on top always reads through it.
      const light = seconds >= 86_400 || comparison !== null;
      group
        .append('path')
        .attr('class', 'envelope')
        .attr('d', envelope(points))
        .style('fill', colour)
        .style('fill-opacity', light ? (role === 'main' ? 0.16 : 0.12) : 0.22);
      const dash = role === 'compared' ? COMPARE_DASH : 'none';
      if (light) {
        // A halo in the page's colour under the mean: never lost in the band or the other series.
        group
          .append('path')
          .attr('class', 'average-halo')
          .attr('d', average(points))
          .style('fill', 'none')
          .style('stroke', token('bg'))
          .style('stroke-width', 4)
          .style('stroke-opacity', 0.85)
          .style('stroke-linejoin', 'round');
      }
      group
        .append('path')
        .attr('class', 'average')
        .attr('d', average(points))
        .style('fill', 'none')
        .style('stroke', colour)
        .style('stroke-width', light ? 2 : 1.75)
        .style('stroke-dasharray', dash)
        .style('stroke-linejoin', 'round');
      // A lone bucket between two gaps has no line to draw: mark it with a dot.
      series.forEach((bucket, index) => {
        const alone = (index === 0 || gaps[index]) && (index === series.length - 1 || gaps[index + 1]);
        if (alone) group.append('circle').attr('cx', at(bucket)).attr('cy', y(bucket.avg)).attr('r', 2).style('fill', colour);
      });
    };
    if (comparison) drawSeries(comparison.buckets, comparison.bucketSeconds, compareTone, 'compared');
    drawSeries(buckets, bucketSeconds, tone, 'main');

    // Open episodes over the data: a shaded span from the start, its label, the broken band's edges.
    episodes.forEach((episode, index) => {
      const left = Math.max(0, x(episode.start));
      if (left >= innerWidth) return;
      const colour = token(episode.acknowledged ? 'gray.solid' : 'red.solid');
      const span = root
        .append('g')
        .attr('class', episode.acknowledged ? 'episode episode-acknowledged' : 'episode')
        .attr('data-label', episode.label);
      span
        .append('rect')
        .attr('x', left)
        .attr('width', innerWidth - left)
        .attr('y', 0)
        .attr('height', innerHeight)
        .style('fill', colour)
        .style('fill-opacity', 0.1);
      span.append('line').attr('x1', left).attr('x2', left).attr('y1', 0).attr('y2', innerHeight).style('stroke', colour).style('stroke-width', 1.5);
      for (const edge of [episode.minimo, episode.maximo]) {
        if (edge === null || edge === undefined) continue;
        span
          .append('line')
          .attr('x1', left)
          .attr('x2', innerWidth)
          .attr('y1', y(edge))
          .attr('y2', y(edge))
          .style('stroke', colour)
          .style('stroke-width', 1.5);
      }
      // Labels stack down from the top so two episodes of one chart stay readable.
      const text = span
        .append('text')
        .attr('y', 12 + index * 14)
        .text(episode.label)
        .style('fill', token(episode.acknowledged ? 'fg.muted' : 'red.fg'))
        .style('font-size', '11px')
        .style('font-weight', '600')
        .style('font-family', 'inherit');
      // Near the right edge the label ends at the line instead of starting there.
      const anchorEnd = left > innerWidth / 2;
      text.attr('x', anchorEnd ? left - 4 : left + 4).attr('text-anchor', anchorEnd ? 'end' : 'start');
    });

    const styleAxis = (axis: Selection<SVGGElement, unknown, null, undefined>) => {
      axis.selectAll('text').style('fill', token('fg.muted')).style('font-size', '11px').style('font-family', 'inherit');
      axis.selectAll('line, .domain').style('stroke', token('border'));
    };
    // At least three ticks: on a phone a year would otherwise read as one label.
    const tickCount = Math.max(3, Math.floor(innerWidth / 110));
    const bottom = axisBottom<Date>(x).tickFormat(formats.tick);
    // In a named zone the ticks fall on its midnights and hours; else d3's, on the browser's.
    if (timeZone) bottom.tickValues(zoneTicks(timeZone, shown.start, shown.end, tickCount));
    else bottom.ticks(tickCount);
    const xAxis = root.append('g').attr('class', 'x-axis').attr('transform', `translate(0,${innerHeight})`).call(bottom);
    styleAxis(xAxis);
    const yAxis = root
      .append('g')
      .attr('class', 'y-axis')
      .call(axisLeft(y).ticks(5).tickFormat((value) => number.format(Number(value))));
    styleAxis(yAxis);

    svg.setAttribute('data-draw-ms', (performance.now() - began).toFixed(2));
    svg.setAttribute('data-drawn-at', performance.now().toFixed(2));
    svg.setAttribute('data-bucket-count', String(buckets.length));
    svg.setAttribute('data-episode-count', String(episodes.length));
    // Readings drawn, summed over the buckets: a live reading grows it even inside the last bucket.
    svg.setAttribute('data-reading-count', String(buckets.reduce((sum, bucket) => sum + bucket.count, 0)));
    svg.setAttribute('data-daily', String(bucketSeconds >= 86_400));
    svg.setAttribute('data-compare-count', String(comparison?.buckets.length ?? 0));
    svg.setAttribute('data-view-start', shown.start.toISOString());
    svg.setAttribute('data-view-end', shown.end.toISOString());
  }, [
    scales,
    shown,
    buckets,
    comparison,
    thresholds,
    episodes,
    bucketSeconds,
    innerWidth,
    innerHeight,
    tone,
    compareTone,
    centreOf,
    formats,
    number,
    timeZone,
    clipId,
  ]);

  // Drag across the plot to zoom into that range (d3-brush); the brush clears once read.
  useEffect(() => {
    const target = brushRef.current;
    if (!target || innerWidth <= 0) return;
    const invert = (pixel: number) => scales.x.invert(pixel);
    const brush = brushX<unknown>()
      .extent([
        [0, 0],
        [innerWidth, Math.max(1, innerHeight)],
      ])
      .on('end', (event: D3BrushEvent<unknown>) => {
        // The clearing below fires 'end' again, without a source event.
        if (!event.sourceEvent || !event.selection) return;
        const [from, to] = event.selection as [number, number];
        select(target).call(brush.move, null);
        const range = rangeOfBrush(from, to, invert, whole);
        if (range) zoomTo({ type: 'brush', range });
      });
    const layer = select(target);
    layer.call(brush);
    // d3 zooms out on its own double-click handler otherwise; ours is on the group.
    layer.on('dblclick.zoom', null);
    layer.select('.selection').style('fill', token('fg.muted')).style('fill-opacity', 0.18).style('stroke', token('fg.muted'));
    return () => {
      layer.on('.brush', null);
      layer.selectAll('*').remove();
    };
  }, [scales, innerWidth, innerHeight, whole]);

  // A new series resets the read-out.
  useEffect(() => setActive(null), [buckets]);

  const nearest = (date: Date) => nearestIndex(buckets, date);

  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    if (buckets.length === 0) return;
    const bounds = event.currentTarget.getBoundingClientRect();
    const date = scales.x.invert(event.clientX - bounds.left);
    setActive(nearest(new Date(date.getTime() - (bucketSeconds * 1000) / 2)));
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Escape' && zoomed) {
      event.preventDefault();
      zoomTo({ type: 'reset' });
      return;
    }
    if (buckets.length === 0) return;
    // + zooms into half the view around the chosen bucket, - goes back one level.
    if ((event.key === '+' || event.key === '-') && active !== null && buckets[active]) {
      event.preventDefault();
      if (event.key === '-') zoomTo({ type: 'back' });
      else zoomTo({ type: 'brush', range: halfAround(centre(buckets[active]), shown, whole) });
      return;
    }
    const last = buckets.length - 1;
    const moves: Record<string, (current: number) => number> = {
      ArrowLeft: (current) => Math.max(0, current - 1),
      ArrowRight: (current) => Math.min(last, current + 1),
      PageUp: (current) => Math.max(0, current - 10),
      PageDown: (current) => Math.min(last, current + 10),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive((current) => move(current ?? last));
  };

  const focused = active === null ? null : (buckets[active] ?? null);
  const unitSuffix = unit ? ` ${unit}` : '';
  const readout = focused
    ? {
        time: bucketSeconds >= 86_400 ? formats.readoutDay(focused.t) : formats.readout(focused.t),
        value: `${number.format(focused.avg)}${unitSuffix}`,
        range: t('charts.range', { min: number.format(focused.min), max: number.format(focused.max), unit: unitSuffix }),
        count: t('charts.readings', { count: focused.count }),
      }
    : null;
  const focusX = focused ? scales.x(centre(focused)) : 0;
  // The compared series at the same time, when it has a bucket near it.
  const comparedIndex = focused && comparison ? nearestIndex(comparison.buckets, focused.t) : -1;
  const compared = comparedIndex >= 0 ? comparison!.buckets[comparedIndex]! : null;
  const comparedNear = compared && focused && Math.abs(compared.t.getTime() - focused.t.getTime()) < Math.max(bucketSeconds, comparison!.bucketSeconds) * 1000;
  const mainName = seriesLabel ?? label;

  return (
    <Box ref={containerRef} position="relative" w="full" {...rest}>
      <svg
        ref={svgRef}
        width={width}
        height={height}
        role="img"
        aria-label={t('charts.label', { metric: label, unit: unit ?? '' })}
        aria-describedby={undefined}
        tabIndex={0}
        data-series-key={seriesKey}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? (buckets.length > 0 ? buckets.length - 1 : null))}
        onBlur={() => setActive(null)}
        style={{ display: 'block', outline: 'none' }}
      >
        <title>{`${t('charts.keyboardHint')}. ${t('charts.zoomHint')}`}</title>
        <defs>
          <clipPath id={clipId}>
            <rect width={innerWidth} height={Math.max(0, innerHeight)} />
          </clipPath>
        </defs>
        <g ref={plotRef} transform={`translate(${MARGIN.left},${MARGIN.top})`} />
        <g
          transform={`translate(${MARGIN.left},${MARGIN.top})`}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
          onDoubleClick={() => zoomTo({ type: 'back' })}
        >
          {focused ? (
            <>
              <line x1={focusX} x2={focusX} y1={0} y2={innerHeight} style={{ stroke: token('fg.muted'), strokeDasharray: '2 3' }} />
              <circle cx={focusX} cy={scales.y(focused.avg)} r={4} style={{ fill: token(`${tone}.solid`), stroke: token('bg') }} />
            </>
          ) : null}
          <g ref={brushRef} className="brush" />
        </g>
      </svg>
      {zoomed ? (
        <Button size="2xs" variant="outline" position="absolute" top="1" right="4" onClick={() => zoomTo({ type: 'reset' })}>
          {t('charts.resetZoom')}
        </Button>
      ) : null}
      {comparison || timeZone ? (
        <HStack justify="space-between" align="start" gap="3" wrap="wrap" px="1" fontSize="xs" color="fg.muted">
          {comparison ? (
            <HStack as="ul" aria-label={t('charts.legend')} gap="4" wrap="wrap" listStyleType="none">
              <LegendItem tone={tone} dash="none" name={mainName} />
              <LegendItem tone={compareTone} dash={COMPARE_DASH} name={comparison.label} />
            </HStack>
          ) : (
            <span />
          )}
          {timeZone ? <Text data-testid="chart-time-zone">{t('charts.timeZone', { zone: timeZone })}</Text> : null}
        </HStack>
      ) : null}
      {buckets.length === 0 ? (
        <Text position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" color="fg.muted" fontSize="sm" pointerEvents="none">
          {t('charts.noData')}
        </Text>
      ) : null}
      <Box
        role="status"
        aria-live="polite"
        aria-label={t('charts.readout')}
        position="absolute"
        top="0"
        left={`${Math.min(Math.max(MARGIN.left + focusX + 12, MARGIN.left), Math.max(MARGIN.left, width - 200))}px`}
        px="2" py="1" minW="10rem"
        borderWidth="1px" borderColor="border" borderRadius="md" bg="surface.raised" boxShadow="sm"
        fontSize="xs"
        pointerEvents="none"
        visibility={readout ? 'visible' : 'hidden'}
      >
        {readout ? (
          <>
            <Text fontWeight="semibold">{readout.time}</Text>
            <Text>
              {comparison ? mainName : t('charts.average')}: <strong>{readout.value}</strong>
            </Text>
            <Text color="fg.muted">{readout.range}</Text>
            <Text color="fg.muted">{readout.count}</Text>
            {comparison ? (
              <Text>
                {comparison.label}: <strong>{comparedNear ? `${number.format(compared.avg)}${unitSuffix}` : t('charts.noReading')}</strong>
              </Text>
            ) : null}
          </>
        ) : null}
      </Box>
    </Box>
  );
}

/** One legend entry: a short line in the series' colour and dash, and its name. */
function LegendItem({ tone, dash, name }: { tone: ChartTone; dash: string; name: string }) {
  return (
    <HStack as="li" gap="1.5">
      <svg width="24" height="8" aria-hidden="true">
        <line x1="0" x2="24" y1="4" y2="4" style={{ stroke: token(`${tone}.solid`), strokeWidth: 2.5, strokeDasharray: dash }} />
      </svg>
      <Text as="span" color="fg" fontWeight="medium">
        {name}
      </Text>
    </HStack>
  );
}
