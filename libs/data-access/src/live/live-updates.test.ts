import { describe, expect, it } from 'vitest';
import { dashboardKeys } from '../dashboard/keys';
import { reportKeys } from '../reports/keys';
import { senseKeys } from '../sense/keys';
import { keysStaleAfter, reconnectDelay } from './live-updates';

const series = dashboardKeys.series({ nodoId: 3, metricaId: 2, startDate: '2026-11-01', endDate: '2026-11-02', maxPoints: 300 })!;
const alertReport = reportKeys.alertas({ page: 1, sortBy: 'fecha', sortOrder: 'desc' });
const messageReport = reportKeys.mensajes({ page: 1, sortBy: 'fecha', sortOrder: 'desc' });
const alertTable = senseKeys.tableTotal('alerta', { statusid: 1 });
/** The header's "Alertas en curso". */
const enCurso = senseKeys.enCurso();
const nodes = dashboardKeys.nodos();
const unrelated = dashboardKeys.metricas();
const episodes = dashboardKeys.episodes({ nodoId: 3 })!;

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
  it('an episode opened or ended by silence refreshes the node list, the alerts report, the charts’ episodes and the header’s count', () => {
    expect(stale('episodes')).toEqual([nodes, episodes, alertReport, enCurso]);
  });
});

describe('reconnectDelay', () => {
  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
