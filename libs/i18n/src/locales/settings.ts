// Both languages in one chunk, so a change of language needs no download.
export { esSettings as es } from './es/settings';
export { enSettings as en } from './en/settings';
