/**
 * The token endpoint baseline: oidc-provider (panva) configured as a real deployment would
 * for machine clients: the client_credentials grant, opaque access tokens, its default in-memory
 * adapter, one confidential client (oidc-provider does not let a public client use
 * client_credentials; client_secret_post is its cheapest client authentication). Logs off.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The bench passes the client in BENCH_OIDC_CLIENT ({ client_id, client_secret }). */
const OIDC_CLIENT = JSON.parse(process.env.BENCH_OIDC_CLIENT!) as { client_id: string; client_secret: string };

const provider = new Provider('http://127.0.0.1', {
  clients: [{ ...OIDC_CLIENT, grant_types: ['client_credentials'], response_types: [], redirect_uris: [], token_endpoint_auth_method: 'client_secret_post' }],
  features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
  scopes: ['catalog:read'],
  clientBasedCORS: () => false,
});
const server = createServer(provider.callback());
process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
  if (message.type === 'mem') process.send!({ type: 'mem', rss: process.memoryUsage().rss });
  if (message.type === 'stop') server.close(() => process.exit(0));
});
process.on('SIGTERM', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send!({ type: 'ready', port: (server.address() as AddressInfo).port }));
