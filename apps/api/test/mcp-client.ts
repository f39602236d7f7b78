import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

/** What a tool call answers, as the tests read it. */
export interface ToolAnswer {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text?: string }[];
}

/** The MCP SDK's own client on `{baseUrl}/mcp`, with a bearer token when given. */
export const connectMcp = async (baseUrl: string, token?: string): Promise<Client> => {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {} }),
  );
  return client;
};

const ajv = new AjvJsonSchemaValidator();
/** Per client, each listed tool's output schema compiled: the SDK checks results only after a listing, so the tests do it themselves. */
const outputChecks = new WeakMap<Client, Promise<Map<string, JsonSchemaValidator<unknown>>>>();

export const outputChecksOf = (client: Client): Promise<Map<string, JsonSchemaValidator<unknown>>> => {
  let checks = outputChecks.get(client);
  if (!checks) {
    checks = client
      .listTools()
      .then(({ tools }) => new Map(tools.flatMap((tool) => (tool.outputSchema ? [[tool.name, ajv.getValidator(tool.outputSchema as JsonSchemaType)] as const] : []))));
    outputChecks.set(client, checks);
  }
  return checks;
};

/**
 * Calls a tool and checks a successful answer against the output schema the server lists for it
 * (loaded with tools/list, validated with Ajv): a result the schema refuses fails the test.
 */
export const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> => {
  const checks = await outputChecksOf(client);
  const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const check = checks.get(name);
  if (check && !answer.isError) {
    if (answer.structuredContent === undefined) throw new Error(`${name} has an output schema but answered no structured content`);
    const { valid, errorMessage } = check(answer.structuredContent);
    if (!valid) throw new Error(`${name} answered structured content its output schema refuses: ${errorMessage}`);
  }
  return answer;
};
