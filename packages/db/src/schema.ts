import { dbEntities } from './entities.ts';
import { dbMigrations } from './migrations/index.ts';

/** The shared tables' entities and migrations (idempotency keys, rate limits, usage counts). */
export const dbSchema = { entities: dbEntities, migrations: dbMigrations };
