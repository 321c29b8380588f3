// Probes of the test farm and readings for them, for the tests of whatever ingests.
export { findProbe, minutesAfter, readingOf } from './probes';
export type { ProbeUnderTest } from './probes';
