export { buildApp, BODY_LIMIT_BYTES } from './app';
export type { BuildAppOptions } from './app';
export { loadJwtSecret, JWT_SECRET_FILE } from './jwt-secret';
export type { JwtSecret, JwtSecretSource } from './jwt-secret';
export { readConfig } from './config';
export type { ApiConfig } from './config';
