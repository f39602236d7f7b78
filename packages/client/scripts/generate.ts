// `pnpm --filter @svc/client generate`: rewrites src/schema.d.ts from the API's operations.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateSchema, SCHEMA_FILE } from './schema.ts';

await writeFile(SCHEMA_FILE, await generateSchema());
console.log(`Wrote ${fileURLToPath(SCHEMA_FILE)}`);
