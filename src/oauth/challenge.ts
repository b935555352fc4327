/**
 * `WWW-Authenticate` for the protected resource: RFC 6750 §3 plus the RFC 9728 §5.1
 * `resource_metadata` parameter. No `error` attribute when no credential was sent (§3.1).
 */
export function bearerChallenge(baseUrl: string, error?: 'invalid_token' | 'insufficient_scope', detail?: { scope?: string; description?: string }): string {
  const params: string[] = [];
  if (error) params.push(`error="${error}"`);
  if (detail?.description) params.push(`error_description="${detail.description.replace(/["\\]/g, '')}"`);
  if (detail?.scope) params.push(`scope="${detail.scope}"`);
  params.push(`resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`);
  return `Bearer ${params.join(', ')}`;
}
