export type DatabaseKind = 'pglite' | 'postgres';

export interface HealthResponse {
  status: 'ok';
  database: DatabaseKind;
}

/** `GET /api/health/ready`: the database answers and its schema is fully migrated (else 503). */
export interface ReadinessResponse {
  status: 'ready';
  database: DatabaseKind;
}

export interface DetectResponse {
  available: boolean;
  error?: string;
}
