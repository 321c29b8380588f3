export { BootLoading, BootBoundary } from './boot-screen';
