import { Box, Text, type BoxProps } from '@chakra-ui/react';
import { localeOf, useTranslation } from '@camposense/i18n';
import { area, axisBottom, axisLeft, bisector, line, scaleLinear, scaleTime, select } from 'd3';
import type { Selection } from 'd3';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { gapBefore } from './gaps';
import type { ChartBucket } from './gaps';
import { chartTimeFormats } from './time-locale';

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
}

const MARGIN = { top: 12, right: 16, bottom: 28, left: 52 };
const SEVERITY_COLOUR = ['red', 'orange', 'yellow'] as const;
const byTime = bisector<ChartBucket, Date>((bucket) => bucket.t);

/** `var(--chakra-colors-…)`: the chart follows the theme without redrawing. */
const token = (path: string) => `var(--chakra-colors-${path.replaceAll('.', '-')})`;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

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
  ...rest
}: SeriesChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [containerRef, width] = useWidth();
  const svgRef = useRef<SVGSVGElement>(null);
  const plotRef = useRef<SVGGElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const formats = chartTimeFormats(language);
  const number = useMemo(() => new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }), [language]);

  const scales = useMemo(() => {
    const x = scaleTime().domain([start, end]).range([0, innerWidth]);
    const values: number[] = [];
    for (const bucket of buckets) values.push(bucket.min, bucket.max);
    for (const threshold of thresholds) values.push(threshold.minimo, threshold.maximo);
    const low = values.length > 0 ? Math.min(...values) : 0;
    const high = values.length > 0 ? Math.max(...values) : 1;
    const pad = (high - low) * 0.05 || 1;
    const y = scaleLinear().domain([low - pad, high + pad]).range([innerHeight, 0]).nice();
    return { x, y };
  }, [start, end, innerWidth, innerHeight, buckets, thresholds]);

  // The average sits in the middle of its bucket, kept inside the window.
  const centre = useCallback(
    (bucket: ChartBucket) => new Date(Math.min(end.getTime(), Math.max(start.getTime(), bucket.t.getTime() + (bucketSeconds * 1000) / 2))),
    [start, end, bucketSeconds],
  );

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

    const gaps = gapBefore(buckets, bucketSeconds);
    // d3 breaks a path at an undefined point: put one wherever readings are missing.
    const points: (ChartBucket | null)[] = [];
    buckets.forEach((bucket, index) => {
      if (gaps[index]) points.push(null);
      points.push(bucket);
    });
    const defined = (point: ChartBucket | null): point is ChartBucket => point !== null;
    const envelope = area<ChartBucket | null>()
      .defined(defined)
      .x((point) => x(centre(point!)))
      .y0((point) => y(point!.min))
      .y1((point) => y(point!.max));
    const average = line<ChartBucket | null>()
      .defined(defined)
      .x((point) => x(centre(point!)))
      .y((point) => y(point!.avg));
    root.append('path').attr('class', 'envelope').attr('d', envelope(points)).style('fill', token(`${tone}.solid`)).style('fill-opacity', 0.22);
    root
      .append('path')
      .attr('class', 'average')
      .attr('d', average(points))
      .style('fill', 'none')
      .style('stroke', token(`${tone}.solid`))
      .style('stroke-width', 1.75)
      .style('stroke-linejoin', 'round');
    // A lone bucket between two gaps has no line to draw: mark it with a dot.
    buckets.forEach((bucket, index) => {
      const alone = (index === 0 || gaps[index]) && (index === buckets.length - 1 || gaps[index + 1]);
      if (alone) root.append('circle').attr('cx', x(centre(bucket))).attr('cy', y(bucket.avg)).attr('r', 2).style('fill', token(`${tone}.solid`));
    });

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
    const xAxis = root
      .append('g')
      .attr('class', 'x-axis')
      .attr('transform', `translate(0,${innerHeight})`)
      .call(axisBottom<Date>(x).ticks(Math.max(2, Math.floor(innerWidth / 110))).tickFormat(formats.tick));
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
  }, [scales, buckets, thresholds, episodes, bucketSeconds, innerWidth, innerHeight, tone, centre, formats, number]);

  // A new series resets the read-out.
  useEffect(() => setActive(null), [buckets]);

  const nearest = (date: Date) => {
    const index = byTime.center(buckets, date);
    return Math.max(0, Math.min(buckets.length - 1, index));
  };

  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    if (buckets.length === 0) return;
    const bounds = event.currentTarget.getBoundingClientRect();
    const date = scales.x.invert(event.clientX - bounds.left);
    setActive(nearest(new Date(date.getTime() - (bucketSeconds * 1000) / 2)));
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (buckets.length === 0) return;
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
        time: formats.readout(focused.t),
        value: `${number.format(focused.avg)}${unitSuffix}`,
        range: t('charts.range', { min: number.format(focused.min), max: number.format(focused.max), unit: unitSuffix }),
        count: t('charts.readings', { count: focused.count }),
      }
    : null;
  const focusX = focused ? scales.x(centre(focused)) : 0;

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
        <title>{t('charts.keyboardHint')}</title>
        <g ref={plotRef} transform={`translate(${MARGIN.left},${MARGIN.top})`} />
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {focused ? (
            <>
              <line x1={focusX} x2={focusX} y1={0} y2={innerHeight} style={{ stroke: token('fg.muted'), strokeDasharray: '2 3' }} />
              <circle cx={focusX} cy={scales.y(focused.avg)} r={4} style={{ fill: token(`${tone}.solid`), stroke: token('bg') }} />
            </>
          ) : null}
          <rect
            width={innerWidth}
            height={Math.max(0, innerHeight)}
            fill="transparent"
            onPointerMove={onPointerMove}
            onPointerLeave={() => setActive(null)}
          />
        </g>
      </svg>
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
        px="2"
        py="1"
        borderRadius="md"
        bg="surface.raised"
        borderWidth="1px"
        borderColor="border"
        fontSize="xs"
        pointerEvents="none"
        visibility={readout ? 'visible' : 'hidden'}
        minW="10rem"
        boxShadow="sm"
      >
        {readout ? (
          <>
            <Text fontWeight="semibold">{readout.time}</Text>
            <Text>
              {t('charts.average')}: <strong>{readout.value}</strong>
            </Text>
            <Text color="fg.muted">{readout.range}</Text>
            <Text color="fg.muted">{readout.count}</Text>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
