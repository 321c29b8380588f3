import { describe, expect, it } from 'vitest';
import { alertKeys } from '../alerts/keys';
import { episodeKeys } from '../episodes/keys';
import { messageKeys } from '../messages/keys';
import { metricKeys } from '../metrics/keys';
import { nodeMapKeys } from '../node-map/keys';
import { nodeKeys } from '../nodes/keys';
import { seriesKeys } from '../series/keys';
import { healthKeys } from '../system-status/keys';
import { tableKeys } from '../tables/keys';
import { thresholdKeys } from '../thresholds/keys';
import { keysStaleAfter, reconnectDelay } from './live-updates';

const series = seriesKeys.chart({ nodoId: 3, metricaId: 2, startDate: '2026-11-01', endDate: '2026-11-02', maxPoints: 300 })!;
const alertReport = alertKeys.report({ page: 1, sortBy: 'fecha', sortOrder: 'desc' });
const messageReport = messageKeys.report({ page: 1, sortBy: 'fecha', sortOrder: 'desc' });
const alertTable = tableKeys.rows('alerta', { page: 1, pageSize: 1, filters: { statusid: 1 } });
/** The header's "Alertas en curso". */
const enCurso = episodeKeys.ongoing();
const nodes = nodeKeys.located();
const unrelated = metricKeys.list();
const episodes = episodeKeys.open({ nodoId: 3 })!;

describe('keysStaleAfter', () => {
  const stale = (type: Parameters<typeof keysStaleAfter>[0]) => [series, nodes, episodes, alertReport, messageReport, alertTable, enCurso, unrelated].filter(keysStaleAfter(type));

  it('a new reading refreshes the charts, their open episodes (a reading ends one) and the node list only', () => {
    expect(stale('readings')).toEqual([series, nodes, episodes]);
  });
  it('alerts and acknowledgements refresh the alerts report, the status card’s count, the charts, their episodes and the node list', () => {
    expect(stale('alerts')).toEqual([series, nodes, episodes, alertReport, alertTable, enCurso]);
    expect(stale('acknowledged')).toEqual(stale('alerts'));
  });
  it('messages refresh the messages report; a reset refreshes every live view and nothing else', () => {
    expect(stale('messages')).toEqual([messageReport]);
    expect(stale('reset')).toEqual([series, nodes, episodes, alertReport, messageReport, alertTable, enCurso]);
  });
  it('a radio-only batch (uplinks or status events without readings) refreshes the map and the health panel, nothing else', () => {
    const map = nodeMapKeys.map({ paisId: null, empresaId: null, fundoId: 1, ubicacionId: null });
    const panel = nodeMapKeys.health(3)!;
    expect(keysStaleAfter('radio')(map)).toBe(true);
    expect(keysStaleAfter('radio')(panel)).toBe(true);
    expect(stale('radio')).toEqual([]);
    expect(keysStaleAfter('readings')(panel)).toBe(true);
  });
  it('an episode opened or ended by silence refreshes the node list, the alerts report, the charts’ episodes and the header’s count', () => {
    expect(stale('episodes')).toEqual([nodes, episodes, alertReport, enCurso]);
  });
});

describe('keysStaleAfter, around the keys it names', () => {
  const thresholdSeries = seriesKeys.threshold({ nodoId: 3, tipoId: 1, metricaId: 2, startDate: '2026-11-01', endDate: '2026-11-02', maxPoints: 300 })!;
  const alertFilterOptions = alertKeys.filterOptions({ fundoId: 1 });
  const messageFilterOptions = messageKeys.filterOptions();
  const alertNames = tableKeys.labels('alerta', { ids: [1] });
  const health = healthKeys.check();
  const thresholdScope = thresholdKeys.scope({ fundoId: 1 });

  it('a reading refreshes the thresholds tab’s chart too, as every series', () => {
    expect(keysStaleAfter('readings')(thresholdSeries)).toBe(true);
  });
  it('alerts refresh the alerts report’s filter options, messages the messages report’s, neither the names of alert rows', () => {
    expect(keysStaleAfter('alerts')(alertFilterOptions)).toBe(true);
    expect(keysStaleAfter('messages')(messageFilterOptions)).toBe(true);
    expect(keysStaleAfter('alerts')(alertNames)).toBe(false);
  });
  it('only a reset asks the health check again, and no event the thresholds listings or an unnamed key', () => {
    expect(keysStaleAfter('reset')(health)).toBe(true);
    expect(keysStaleAfter('alerts')(health)).toBe(false);
    for (const type of ['readings', 'radio', 'alerts', 'acknowledged', 'messages', 'episodes', 'reset'] as const) {
      expect(keysStaleAfter(type)(thresholdScope)).toBe(false);
      expect(keysStaleAfter(type)(undefined)).toBe(false);
    }
  });
});

describe('reconnectDelay', () => {
  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
