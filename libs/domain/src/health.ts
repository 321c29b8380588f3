export type DatabaseKind = 'pglite' | 'postgres';

export interface HealthResponse {
  status: 'ok';
  database: DatabaseKind;
}

export interface DetectResponse {
  available: boolean;
  error?: string;
}
