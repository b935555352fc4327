import { wireDescription } from './oauth-error.js';

/** Which of this service's protected resources (RFC 9728) a challenge speaks for. */
export type ResourceName = 'api' | 'mcp';

/**
 * `WWW-Authenticate` for the protected resource: RFC 6750 §3 plus the RFC 9728 §5.1
 * `resource_metadata` parameter. No `error` attribute when no credential was sent (§3.1).
 */
export function bearerChallenge(baseUrl: string, error?: 'invalid_token' | 'insufficient_scope', detail?: { scope?: string; description?: string; resource?: ResourceName }): string {
  const params: string[] = [];
  if (error) params.push(`error="${error}"`);
  if (detail?.description) params.push(`error_description="${wireDescription(detail.description)}"`);
  if (detail?.scope) params.push(`scope="${detail.scope}"`);
  // RFC 9728 §3.1: the MCP endpoint's metadata lives at the path-suffixed well-known URL.
  params.push(`resource_metadata="${baseUrl}/.well-known/oauth-protected-resource${detail?.resource === 'mcp' ? '/mcp' : ''}"`);
  return `Bearer ${params.join(', ')}`;
}
