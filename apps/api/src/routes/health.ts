import type { Database } from '@camposense/db';
import type { HealthResponse } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../schemas';

export interface HealthRoutesOptions {
  database: Database;
}

export async function healthRoutes(app: FastifyInstance, { database }: HealthRoutesOptions): Promise<void> {
  app.get<{ Reply: HealthResponse }>(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'El servidor y su base de datos responden',
        response: {
          200: {
            type: 'object',
            required: ['status', 'database'],
            properties: {
              status: { type: 'string', const: 'ok' },
              database: { type: 'string', enum: ['pglite', 'postgres'] },
            },
          },
          ...errorResponses(500),
        },
      },
    },
    async () => {
      // A failing database makes this a 500, which is what a health probe should see.
      await database.query(sql`select 1`);
      return { status: 'ok', database: database.kind };
    },
  );
}
