// The alarm engine (alarms.md, "Thresholds are evaluated"): which readings of a batch write alerts, which episodes open, which close.
export { evaluateThresholds } from './alarm-engine';
export type { ActiveThreshold, EvaluatedReading, OpenEpisode, ProbeReading } from './alarm-engine';
