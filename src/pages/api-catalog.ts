import { SERVER_CARD_MEDIA_TYPE, SERVER_CARD_PATH } from '../mcp/server-card.js';

/** RFC 9727 §4.2: the api-catalog is a linkset (RFC 9264) with this profile. */
export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727';
export const API_CATALOG_CONTENT_TYPE = `application/linkset+json; profile="${API_CATALOG_PROFILE}"`;
export const API_CATALOG_PATH = '/.well-known/api-catalog';

/**
 * RFC 9727 §4.1 / RFC 9264 §4.2: one linkset context per API, anchored at the API's base,
 * with its description (service-desc), documentation (service-doc) and metadata (service-meta).
 */
export function apiCatalog(baseUrl: string): { linkset: Record<string, unknown>[] } {
  const b = baseUrl;
  return {
    linkset: [
      {
        anchor: `${b}/api/v1`,
        'service-desc': [{ href: `${b}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' }],
        'service-doc': [
          { href: `${b}/docs`, type: 'text/html', title: 'API reference' },
          { href: `${b}/auth.md`, type: 'text/markdown', title: 'Authentication walkthrough' },
          { href: `${b}/llms.txt`, type: 'text/plain', title: 'Overview for language models' },
        ],
        'service-meta': [
          { href: `${b}/.well-known/oauth-protected-resource`, type: 'application/json', title: 'OAuth 2.0 protected resource metadata (RFC 9728)' },
          { href: `${b}/.well-known/oauth-authorization-server`, type: 'application/json', title: 'OAuth 2.0 authorization server metadata (RFC 8414)' },
        ],
        status: [{ href: `${b}/healthz`, type: 'application/json' }],
      },
      {
        anchor: `${b}/api/v1/sandbox`,
        'service-desc': [{ href: `${b}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' }],
        'service-doc': [{ href: `${b}/auth.md`, type: 'text/markdown', title: 'Sandbox and authentication walkthrough' }],
      },
      {
        anchor: `${b}/mcp`,
        'service-doc': [{ href: `${b}/llms.txt`, type: 'text/plain', title: 'MCP tools and usage' }],
        'service-meta': [
          { href: `${b}${SERVER_CARD_PATH}`, type: SERVER_CARD_MEDIA_TYPE, title: 'MCP server card (SEP-2127)' },
          { href: `${b}/.well-known/oauth-protected-resource/mcp`, type: 'application/json', title: 'OAuth 2.0 protected resource metadata for MCP (RFC 9728)' },
        ],
      },
    ],
  };
}
