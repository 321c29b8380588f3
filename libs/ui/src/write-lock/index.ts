export { WriteLockProvider, WriteLockReason, useWriteLock } from './write-lock';
