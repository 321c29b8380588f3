export { WriteLockProvider, useWriteLock } from './write-lock';
