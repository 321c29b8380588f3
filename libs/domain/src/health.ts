export type DatabaseKind = 'pglite' | 'postgres';

/** The answers of `/api/health`, `/api/health/ready` and `/api/sense/detect` (the contract's, contracts/health.ts). */
export type { HealthResponse, DetectResponse } from './contracts/health';
