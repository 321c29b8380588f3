import { describe, expect, it } from 'vitest';
import { fundoBox, planFarm } from './farm-plan';
import { createRandom } from './random';
import { READING_INTERVAL_MS, readingWindow, simulateNode, thresholdBand } from './readings';
import { countryOfFundo } from './reference-data';

const DECIMALS = { TEMP: 2, HUM: 1, EC: 2 } as const;
const NOW = new Date('2026-03-15T12:07:00Z');

describe('planFarm', () => {
  const plan = planFarm(42);

  it('places 60 uniquely named nodes with unique DevEUIs in at least 20 lots', () => {
    expect(plan.nodes).toHaveLength(60);
    expect(plan.lots.length).toBeGreaterThanOrEqual(20);
    expect(new Set(plan.nodes.map((node) => node.nodo)).size).toBe(60);
    expect(new Set(plan.nodes.map((node) => node.deveui)).size).toBe(60);
    for (const node of plan.nodes) {
      expect(node.deveui).toMatch(/^[0-9A-F]{16}$/);
      expect(node.depths.length).toBeGreaterThanOrEqual(1);
      expect(node.depths.length).toBeLessThanOrEqual(3);
      const box = fundoBox(node.lot.fundo);
      expect(node.latitude).toBeGreaterThanOrEqual(box.minLatitude);
      expect(node.latitude).toBeLessThanOrEqual(box.maxLatitude);
      expect(node.longitude).toBeGreaterThanOrEqual(box.minLongitude);
      expect(node.longitude).toBeLessThanOrEqual(box.maxLongitude);
    }
  });

  it('is the same plan for the same seed and another for another seed', () => {
    expect(planFarm(42)).toEqual(plan);
    expect(planFarm(43).nodes.map((node) => node.deveui)).not.toEqual(plan.nodes.map((node) => node.deveui));
  });
});

describe('simulateNode', () => {
  const plan = planFarm(42);
  const window = readingWindow(NOW, 30);
  const node = plan.nodes.find((candidate) => candidate.depths.length === 3 && candidate.silentForHours === null);
  if (!node) throw new Error('the plan has no three-probe node');
  const series = simulateNode(42, node, window, DECIMALS);
  const offsetHours = countryOfFundo(node.lot.fundo).utcOffsetHours;

  function localHourOf(step: number): number {
    const time = window.startMs + step * READING_INTERVAL_MS + offsetHours * 3_600_000;
    return new Date(time).getUTCHours() + new Date(time).getUTCMinutes() / 60;
  }

  /** The mean value at each local hour of the day. */
  function dailyProfile(values: Float64Array): number[] {
    const sums = new Array<number>(24).fill(0);
    const counts = new Array<number>(24).fill(0);
    values.forEach((value, step) => {
      const hour = Math.floor(localHourOf(step));
      sums[hour] = (sums[hour] ?? 0) + value;
      counts[hour] = (counts[hour] ?? 0) + 1;
    });
    return sums.map((sum, hour) => sum / (counts[hour] ?? 1));
  }

  it('reads every 15 minutes up to the quarter hour before now', () => {
    expect(window.steps).toBe(30 * 96);
    expect(window.startMs + (window.steps - 1) * READING_INTERVAL_MS).toBe(Date.parse('2026-03-15T12:00:00Z'));
    for (const probe of series) expect(probe.values.TEMP).toHaveLength(window.steps);
  });

  it('warms the shallow soil most in the mid-afternoon, local time, and damps the swing with depth', () => {
    const [shallow, , deep] = series;
    if (!shallow || !deep) throw new Error('missing probes');
    const profile = dailyProfile(shallow.values.TEMP);
    const warmest = profile.indexOf(Math.max(...profile));
    expect(warmest).toBeGreaterThanOrEqual(13);
    expect(warmest).toBeLessThanOrEqual(17);
    const swing = (values: number[]) => Math.max(...values) - Math.min(...values);
    expect(swing(dailyProfile(deep.values.TEMP))).toBeLessThan(swing(profile) / 2);
  });

  it('wets the soil at irrigations and dries it in between, with EC moving against humidity', () => {
    const [shallow] = series;
    if (!shallow) throw new Error('missing probe');
    const humidity = shallow.values.HUM;
    let jumps = 0;
    let falling = 0;
    for (let step = 4; step < humidity.length; step += 1) {
      const change = (humidity[step] ?? 0) - (humidity[step - 4] ?? 0);
      if (change > 3) jumps += 1;
      if (change < 0) falling += 1;
    }
    expect(jumps).toBeGreaterThan(5);
    expect(falling).toBeGreaterThan(humidity.length / 2);

    const conductivity = shallow.values.EC;
    const mean = (values: Float64Array) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const meanHumidity = mean(humidity);
    const meanConductivity = mean(conductivity);
    let covariance = 0;
    humidity.forEach((value, step) => {
      covariance += (value - meanHumidity) * ((conductivity[step] ?? 0) - meanConductivity);
    });
    expect(covariance).toBeLessThan(0);
  });

  it('is the same for the same seed', () => {
    expect(simulateNode(42, node, window, DECIMALS)).toEqual(series);
  });

  it('leaves silent nodes without readings at the end of the window', () => {
    const silent = plan.nodes.find((candidate) => candidate.silentForHours !== null);
    if (!silent) throw new Error('the plan has no silent node');
    const [probe] = simulateNode(42, silent, window, DECIMALS);
    expect(Number.isNaN(probe?.values.TEMP[window.steps - 1])).toBe(true);
    expect(Number.isNaN(probe?.values.TEMP[0])).toBe(false);
  });
});

describe('thresholdBand', () => {
  it('leaves about 1–3 % of the readings outside, on round values', () => {
    const random = createRandom(5, 'band');
    const values = Float64Array.from({ length: 2880 }, () => Math.round(random.normal(25, 3) * 100) / 100);
    const band = thresholdBand(values, 0.5, createRandom(5, 'threshold'));
    expect(band.minimo % 0.5).toBe(0);
    expect(band.maximo % 0.5).toBe(0);
    const outside = values.filter((value) => value < band.minimo || value > band.maximo).length / values.length;
    expect(outside).toBeGreaterThan(0.003);
    expect(outside).toBeLessThan(0.05);
  });
});
