import type { ModuleSchema } from './module.ts';
import { dbEntities } from './entities.ts';
import { dbMigrations } from './migrations/index.ts';
import { rateLimitHit } from './rate-limit.routine.ts';

/** The shared tables' entities, functions and migrations (idempotency keys, rate limits, usage counts). */
export const dbSchema = { entities: dbEntities, migrations: dbMigrations, routines: [rateLimitHit] } satisfies ModuleSchema;
