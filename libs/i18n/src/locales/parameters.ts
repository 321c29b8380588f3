// Both languages in one chunk, so a change of language needs no download.
export { esParameters as es } from './es/parameters';
export { enParameters as en } from './en/parameters';
