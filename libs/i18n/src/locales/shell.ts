// Both languages in one chunk, so a change of language needs no download.
export { esShell as es } from './es/shell';
export { enShell as en } from './en/shell';
