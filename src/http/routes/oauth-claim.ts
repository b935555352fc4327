import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';
import { OAUTH_ENDPOINT } from '../openapi/declarations.js';
import { oauthJson } from '../responses/oauth.js';
import { readOAuthRequest } from '../requests/oauth-params.js';
import { TokenResponseSchema, oauthErrorContent } from '../openapi/oauth-schemas.js';

export const CLAIM_PATH = '/oauth/claim';

const ClaimRequestSchema = z
  .object({
    assertion: z.string().openapi({ description: 'A signed JWT from a trusted issuer (alias: `subject_token`).' }),
    assertion_type: z
      .enum(['urn:ietf:params:oauth:token-type:id-jag', 'verified_email'])
      .optional()
      .openapi({ description: 'Alias: `subject_token_type` (RFC 8693 §2.1). Optional: without it the JWT header decides (`typ` oauth-id-jag+jwt → ID-JAG, otherwise verified_email).' }),
    client_id: z.string().optional().openapi({ description: 'Without it a public client is registered for you.' }),
    scope: z.string().optional(),
    resource: z.string().optional().openapi({ description: 'RFC 8707: this service\'s API URL or its /mcp URL; binds the token there. An ID-JAG\'s `resource` claim must name one of them, and the request may only narrow it.' }),
  })
  .openapi('ClaimRequest', { description: 'Identity-assertion exchange (form-encoded or JSON).' });

/** POST /oauth/claim — the identity_assertion method (seed §4.11, §5.5). */
export function registerOAuthClaimRoute(app: OpenAPIHono<AppEnv>, oauth: OAuth): void {
  const content = { schema: ClaimRequestSchema };
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: CLAIM_PATH,
    tags: ['OAuth'],
    ...OAUTH_ENDPOINT,
    operationId: 'claimToken',
    summary: 'Exchange a verified-email assertion or an ID-JAG for an access token',
    request: { body: { required: true, content: { 'application/x-www-form-urlencoded': content, 'application/json': content } } },
    responses: {
      200: { description: 'RFC 6749 §5.1 token response; the token records the asserted identity.', content: { 'application/json': { schema: TokenResponseSchema } } },
      400: { description: 'invalid_request, invalid_grant (the description names the failed check), invalid_scope or invalid_target (RFC 8707).', content: oauthErrorContent },
      503: {
        description: 'temporarily_unavailable: a trusted issuer\'s signing keys (JWKS) cannot be fetched, or issuing credentials is paused; retry after `Retry-After`.',
        headers: { 'Retry-After': { required: true, schema: { type: 'integer', minimum: 1 } } },
        content: oauthErrorContent,
      },
      401: { description: 'invalid_client (a named client failed to authenticate).', content: oauthErrorContent },
    },
  });

  app.post(
    CLAIM_PATH,
    async (c) => oauthJson(c, await oauth.claim(await readOAuthRequest(c))),
  );
}
