import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { API_OPERATIONS, createOpenApiDocument } from '@svc/api';

/** Where the generated types live, checked in. */
export const SCHEMA_FILE = new URL('../src/schema.d.ts', import.meta.url);

const HEADER =
  '// Generated from the OpenAPI document of the API by openapi-typescript. Do not edit:\n' +
  '// run `pnpm --filter @svc/client generate` after changing an operation.\n\n';

/**
 * The types of the API as openapi-typescript writes them for the document the API serves: the document
 * goes to a scratch file first, as it would come from `GET /api/v1/openapi.json`.
 */
export const generateSchema = async (): Promise<string> => {
  const { text } = createOpenApiDocument(API_OPERATIONS, 'http://localhost:3000');
  const dir = await mkdtemp(join(tmpdir(), 'svc-client-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, text);
    const ast = await openapiTS(pathToFileURL(file));
    return HEADER + astToString(ast);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
