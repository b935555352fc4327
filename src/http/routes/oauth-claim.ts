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
    grant_type: z.enum(['urn:ietf:params:oauth:grant-type:token-exchange', 'urn:ietf:params:oauth:grant-type:jwt-bearer']).optional().openapi({ description: 'Optional: RFC 8693 token exchange or RFC 7523 jwt-bearer; any other value is unsupported_grant_type.' }),
    client_id: z.string().optional().openapi({ description: 'Without it a verified-email assertion gets a public client registered for you; an ID-JAG uses the registered client its `client_id` claim names.' }),
    scope: z.string().optional(),
    resource: z.string().optional().openapi({ description: 'RFC 8707: this service\'s API URL or its /mcp URL; binds the token there. An ID-JAG\'s `resource` claim must name one of them, and the request may only narrow it.' }),
  })
  .openapi('ClaimRequest', { description: 'Identity-assertion exchange (form-encoded or JSON).' });

const ClaimResponseSchema = TokenResponseSchema.extend({
  issued_token_type: z.literal('urn:ietf:params:oauth:token-type:access_token').openapi({ description: 'RFC 8693 §2.2.1: an access token.' }),
}).openapi('ClaimResponse', { description: 'RFC 6749 §5.1 token response with RFC 8693 §2.2.1 issued_token_type.' });

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
      200: { description: 'RFC 6749 §5.1 token response, with RFC 8693 §2.2.1 `issued_token_type`; the token records the asserted identity.', content: { 'application/json': { schema: ClaimResponseSchema } } },
      400: { description: 'invalid_request, invalid_grant (the description names the failed check), invalid_scope, invalid_target (RFC 8707) or unsupported_grant_type (a `grant_type` other than token-exchange or jwt-bearer).', content: oauthErrorContent },
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
