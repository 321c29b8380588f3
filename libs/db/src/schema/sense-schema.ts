import { pgSchema } from 'drizzle-orm/pg-core';

/** Every table of the product lives in the PostgreSQL schema `sense` (data-model.md). */
export const sense = pgSchema('sense');
