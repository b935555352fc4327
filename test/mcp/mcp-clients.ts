import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import { after, before } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The official clients, connected over real HTTP the way an agent would connect them. */

export type AnyClient = ClientV1 | ClientV2;

function init(token?: string): RequestInit | undefined {
  return token ? { headers: { authorization: `Bearer ${token}` } } : undefined;
}

/** v1 SDK: the 2025-era `initialize` → `notifications/initialized` handshake. */
export async function connectV1(baseUrl: string, token?: string): Promise<ClientV1> {
  const client = new ClientV1({ name: 'vitrine-test-v1', version: '1.0.0' });
  const requestInit = init(token);
  await client.connect(new TransportV1(new URL(`${baseUrl}/mcp`), requestInit ? { requestInit } : {}));
  return client;
}

/** v2 SDK: `auto` probes `server/discover` (2026-07-28); `legacy` is its 2025 handshake. */
export async function connectV2(baseUrl: string, mode: 'auto' | 'legacy', token?: string): Promise<ClientV2> {
  const client = new ClientV2({ name: 'vitrine-test-v2', version: '1.0.0' }, { versionNegotiation: { mode } });
  const requestInit = init(token);
  await client.connect(new TransportV2(new URL(`${baseUrl}/mcp`), requestInit ? { requestInit } : {}));
  return client;
}

/**
 * A suite's test server (demo catalog, no rate limits) and the v1 (2025-11-25) and v2
 * (2026-07-28) clients connected to it, each with its label; filled by `before`.
 */
export function useBothEras(): { server: TestServer; clients: [string, AnyClient][] } {
  const suite = { clients: [] } as unknown as { server: TestServer; clients: [string, AnyClient][] };
  before(async () => {
    suite.server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
    suite.clients.push(['v1 SDK (2025-11-25)', await connectV1(suite.server.baseUrl)], ['v2 SDK (2026-07-28)', await connectV2(suite.server.baseUrl, 'auto')]);
  });
  after(async () => {
    for (const [, client] of suite.clients) await client.close();
    await suite.server?.close();
  });
  return suite;
}

export interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}

export async function call(client: AnyClient, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

export function textOf(result: ToolResult): string {
  return result.content.map((c) => c.text ?? '').join('\n');
}

// ajv's CommonJS build: the class is the default export's `default` under NodeNext.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as unknown as typeof Ajv2020Module.default;
const ajv = new Ajv2020({ allErrors: true, strict: false });

/** Validates a value against a tool's JSON Schema (draft 2020-12), returning ajv's error text or null. */
export function schemaErrors(schema: object, value: unknown): string | null {
  const validate = ajv.compile(schema);
  return validate(value) ? null : ajv.errorsText(validate.errors);
}
