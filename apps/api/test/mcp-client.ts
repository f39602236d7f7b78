import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

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

export const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> =>
  (await client.callTool({ name, arguments: args })) as ToolAnswer;
