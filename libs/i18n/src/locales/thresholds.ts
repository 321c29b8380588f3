// Both languages in one chunk, so a change of language needs no download.
export { esThresholds as es } from './es/thresholds';
export { enThresholds as en } from './en/thresholds';
