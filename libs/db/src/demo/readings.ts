/**
 * Simulated soil probes: temperature with a daily cycle that peaks mid-afternoon local time and
 * lags and flattens with depth, humidity that jumps at each irrigation and decays faster in the
 * daytime, and electroconductivity that concentrates as the soil dries and rises with fertigation.
 * Pure and deterministic: the same seed, node and window give the same numbers.
 */
import type { DemoLot, DemoNode } from './farm-plan';
import { createRandom } from './random';
import type { Random } from './random';
import { countryOfFundo } from './reference-data';
import type { DemoFundo, DemoMetric } from './reference-data';

export const READING_INTERVAL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Simulated before the window so that the first readings already look settled. */
const WARM_UP_STEPS = 3 * 96;

export interface ReadingWindow {
  /** The first reading's time (ms since the epoch). */
  startMs: number;
  /** Readings per probe and metric. */
  steps: number;
}

/** Every 15 minutes, the last one on the last quarter hour at or before `now`, for `days` days. */
export function readingWindow(now: Date, days: number): ReadingWindow {
  const endMs = Math.floor(now.getTime() / READING_INTERVAL_MS) * READING_INTERVAL_MS;
  const steps = Math.max(1, Math.round(days * 96));
  return { startMs: endMs - (steps - 1) * READING_INTERVAL_MS, steps };
}

export interface ProbeSeries {
  depth: number;
  /** One value per step of the window, rounded like a probe reports it; NaN while silent. */
  values: Record<DemoMetric['metricaabrev'], Float64Array>;
}

interface IrrigationEvent {
  atMs: number;
  /** Fertiliser in the water: the conductivity rises for some hours. */
  fertigation: boolean;
}

function utcOffsetHours(fundo: DemoFundo): number {
  return countryOfFundo(fundo).utcOffsetHours;
}

function localHour(timeMs: number, offsetHours: number): number {
  const local = timeMs + offsetHours * HOUR_MS;
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

/** The lot's irrigation shifts: early morning, every few days, a few missed (a pump failed). */
function irrigationEvents(seed: number, lot: DemoLot, fromMs: number, toMs: number): IrrigationEvent[] {
  const random = createRandom(seed, `irrigation:${lot.ubicacionabrev}`);
  const offset = utcOffsetHours(lot.fundo);
  const every = lot.crop.irrigationEveryDays;
  const phase = random.integer(0, every - 1);
  const events: IrrigationEvent[] = [];
  const firstDay = Math.floor((fromMs + offset * HOUR_MS) / DAY_MS) - 1;
  const lastDay = Math.floor((toMs + offset * HOUR_MS) / DAY_MS) + 1;
  for (let day = firstDay; day <= lastDay; day += 1) {
    if (((day + phase) % every + every) % every !== 0) continue;
    const hour = random.between(5.5, 9);
    const missed = random.chance(0.07);
    const fertigation = random.chance(0.45);
    if (missed) continue;
    events.push({ atMs: day * DAY_MS + hour * HOUR_MS - offset * HOUR_MS, fertigation });
  }
  return events;
}

/** Day-to-day weather of a fundo (°C above normal), with one hot spell somewhere in the window. */
function weatherAnomalies(seed: number, fundo: DemoFundo, days: number): Float64Array {
  const random = createRandom(seed, `weather:${fundo.fundoabrev}`);
  const anomalies = new Float64Array(days + 2);
  let value = random.normal(0, 0.8);
  for (let index = 0; index < anomalies.length; index += 1) {
    value = 0.7 * value + random.normal(0, 0.7);
    anomalies[index] = value;
  }
  const spellStart = random.integer(0, Math.max(0, anomalies.length - 3));
  const spellHeat = random.between(2.5, 4.5);
  for (let index = spellStart; index < Math.min(anomalies.length, spellStart + 2); index += 1) {
    anomalies[index] = (anomalies[index] ?? 0) + spellHeat;
  }
  return anomalies;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** How much of the surface's swings reach a depth: 0.72 at 20 cm, 0.37 at 40 cm, 0.19 at 60 cm. */
function damping(depth: number): number {
  return Math.exp(-(depth - 10) / 30);
}

interface ProbeState {
  depth: number;
  random: Random;
  temperatureMean: number;
  temperatureSwing: number;
  peakHour: number;
  fieldCapacity: number;
  wiltingPoint: number;
  conductivityBase: number;
  humidity: number;
  /** Water still to infiltrate at this depth, spread over the next steps. */
  pendingWater: number;
  fertiliserPulse: number;
  coolingPulse: number;
}

/**
 * The readings of every probe of `node` over `window`, rounded to each metric's decimals.
 * `decimals` maps metric codes to how many decimals a reading keeps.
 */
export function simulateNode(
  seed: number,
  node: DemoNode,
  window: ReadingWindow,
  decimals: Record<DemoMetric['metricaabrev'], number>,
): ProbeSeries[] {
  const { lot } = node;
  const { fundo, crop } = lot;
  const offset = utcOffsetHours(fundo);
  const simulationStartMs = window.startMs - WARM_UP_STEPS * READING_INTERVAL_MS;
  const endMs = window.startMs + (window.steps - 1) * READING_INTERVAL_MS;
  const events = irrigationEvents(seed, lot, simulationStartMs, endMs);
  const firstDay = Math.floor(simulationStartMs / DAY_MS);
  const weather = weatherAnomalies(seed, fundo, Math.ceil((endMs - simulationStartMs) / DAY_MS) + 1);
  const nodeRandom = createRandom(seed, `node:${node.nodo}`);
  const nodeWarmth = nodeRandom.normal(0, 0.6);
  // A silent node keeps at least half of a short window, so it still shows up in it.
  const windowHours = (window.steps * READING_INTERVAL_MS) / HOUR_MS;
  const silentFromMs =
    node.silentForHours === null ? Infinity : endMs - Math.min(node.silentForHours, windowHours / 2) * HOUR_MS;

  const probes: ProbeState[] = node.depths.map((depth) => {
    const random = createRandom(seed, `probe:${node.nodo}:${depth}`);
    const fieldCapacity = crop.fieldCapacity + 0.05 * (depth - 20) + random.normal(0, 1.5);
    return {
      depth,
      random,
      temperatureMean: fundo.soilTemperature - 0.03 * (depth - 20) + nodeWarmth,
      temperatureSwing: fundo.dailySwing * 0.55 * damping(depth),
      // Heat takes about an hour to go 12 cm down.
      peakHour: 15 + (depth - 20) / 12,
      fieldCapacity,
      wiltingPoint: fieldCapacity * 0.35,
      conductivityBase: crop.conductivity * (1 + random.normal(0, 0.08)),
      humidity: fieldCapacity - random.between(2, 6),
      pendingWater: 0,
      fertiliserPulse: 0,
      coolingPulse: 0,
    };
  });
  const series: ProbeSeries[] = probes.map((probe) => ({
    depth: probe.depth,
    values: {
      TEMP: new Float64Array(window.steps),
      HUM: new Float64Array(window.steps),
      EC: new Float64Array(window.steps),
    },
  }));

  let nextEvent = 0;
  const totalSteps = WARM_UP_STEPS + window.steps;
  // Arrivals of the water at each depth: (time, probe index, event).
  const arrivals: Array<{ atMs: number; probe: number; fertigation: boolean }> = [];
  for (let step = 0; step < totalSteps; step += 1) {
    const timeMs = simulationStartMs + step * READING_INTERVAL_MS;
    while (nextEvent < events.length && (events[nextEvent]?.atMs ?? Infinity) <= timeMs) {
      const event = events[nextEvent];
      nextEvent += 1;
      if (!event) break;
      probes.forEach((probe, index) => {
        // Water reaches 20 cm in about 45 minutes and 60 cm in a little over two hours.
        arrivals.push({ atMs: event.atMs + (probe.depth / 20) * 0.75 * HOUR_MS, probe: index, fertigation: event.fertigation });
      });
    }
    for (let index = arrivals.length - 1; index >= 0; index -= 1) {
      const arrival = arrivals[index];
      if (!arrival || arrival.atMs > timeMs) continue;
      const probe = probes[arrival.probe];
      if (probe) {
        const refill = Math.max(0, probe.fieldCapacity + 2 - probe.humidity) * (0.55 + 0.4 * damping(probe.depth));
        probe.pendingWater += refill;
        probe.coolingPulse = 0.8 * damping(probe.depth);
        if (arrival.fertigation) probe.fertiliserPulse = 0.35 * (0.4 + damping(probe.depth));
      }
      arrivals.splice(index, 1);
    }

    const hour = localHour(timeMs, offset);
    const daylight = hour > 6 && hour < 18 ? Math.sin((Math.PI * (hour - 6)) / 12) : 0;
    const dayIndex = Math.min(weather.length - 1, Math.max(0, Math.floor((timeMs - firstDay * DAY_MS) / DAY_MS)));
    const dayFraction = (timeMs - (firstDay + dayIndex) * DAY_MS) / DAY_MS;
    const anomaly =
      (weather[dayIndex] ?? 0) * (1 - dayFraction) + (weather[Math.min(weather.length - 1, dayIndex + 1)] ?? 0) * dayFraction;
    const recorded = step - WARM_UP_STEPS;

    probes.forEach((probe, index) => {
      const damp = damping(probe.depth);
      // Infiltration over about an hour, drainage above field capacity, then drying by day.
      const infiltrating = probe.pendingWater * 0.3;
      probe.pendingWater -= infiltrating;
      probe.humidity += infiltrating;
      if (probe.humidity > probe.fieldCapacity) probe.humidity -= (probe.humidity - probe.fieldCapacity) * 0.12;
      const loss = (0.0022 + 0.0095 * daylight * (1 + anomaly / 10)) * (0.3 + 0.7 * damp);
      probe.humidity -= (probe.humidity - probe.wiltingPoint) * loss;
      probe.coolingPulse *= 0.96;
      probe.fertiliserPulse *= 0.97;

      if (recorded < 0) return;
      const values = series[index]?.values;
      if (!values) return;
      if (timeMs >= silentFromMs) {
        values.TEMP[recorded] = Number.NaN;
        values.HUM[recorded] = Number.NaN;
        values.EC[recorded] = Number.NaN;
        return;
      }
      const cycle = Math.cos((2 * Math.PI * (hour - probe.peakHour)) / 24);
      const temperature =
        probe.temperatureMean +
        probe.temperatureSwing * cycle +
        anomaly * (0.35 + 0.65 * damp) -
        probe.coolingPulse +
        probe.random.normal(0, 0.08);
      const humidity = probe.humidity + probe.random.normal(0, 0.25);
      const conductivity =
        probe.conductivityBase * Math.pow(probe.fieldCapacity / Math.max(probe.humidity, 1), 0.9) +
        probe.fertiliserPulse +
        probe.random.normal(0, 0.015);
      values.TEMP[recorded] = roundTo(temperature, decimals.TEMP);
      values.HUM[recorded] = roundTo(Math.max(0, humidity), decimals.HUM);
      values.EC[recorded] = roundTo(Math.max(0, conductivity), decimals.EC);
    });
  }
  return series;
}

/**
 * A threshold band a person would set from what the probe has shown: between two low and two
 * high quantiles (drawn per threshold, so some break more often than others), rounded outwards
 * to `step`. Roughly 1–3 % of the readings fall outside.
 */
export function thresholdBand(values: Float64Array, step: number, random: Random): { minimo: number; maximo: number } {
  const sorted = Array.from(values).filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return { minimo: 0, maximo: 0 };
  const quantile = (q: number): number => {
    const position = q * (sorted.length - 1);
    const below = Math.floor(position);
    const low = sorted[below] ?? 0;
    const high = sorted[Math.min(sorted.length - 1, below + 1)] ?? low;
    return low + (high - low) * (position - below);
  };
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)) + 1);
  const minimo = roundTo(Math.floor(quantile(random.between(0.006, 0.03)) / step) * step, decimals);
  const maximo = roundTo(Math.ceil(quantile(1 - random.between(0.006, 0.03)) / step) * step, decimals);
  return { minimo, maximo: Math.max(minimo, maximo) };
}
