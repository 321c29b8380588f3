export { WriteLockProvider, WriteLockReason, useWriteLock } from './write-lock';
export type { WriteLock } from './write-lock';
