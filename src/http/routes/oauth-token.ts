import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { SUPPORTED_GRANT_TYPES } from '../../oauth/grants/index.js';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';
import { OAUTH_ENDPOINT } from '../openapi/declarations.js';
import { oauthJson } from '../responses/oauth.js';
import { readOAuthRequest } from '../requests/oauth-params.js';
import { TokenResponseSchema, oauthErrorContent } from '../openapi/oauth-schemas.js';

export const TOKEN_PATH = '/oauth/token';

const TokenRequestSchema = z
  .object({
    grant_type: z.enum(SUPPORTED_GRANT_TYPES as [string, ...string[]]),
    client_id: z.string().optional().openapi({ description: 'Public clients identify with client_id alone (the anonymous method).' }),
    client_secret: z.string().optional().openapi({ description: 'client_secret_post clients only.' }),
    scope: z.string().optional().openapi({ description: 'Space-separated subset of `catalog:read inquiries:write sandbox:write`; default all the client may have.' }),
    assertion: z.string().optional().openapi({ description: 'jwt-bearer grant: an ID-JAG (typ `oauth-id-jag+jwt`).' }),
    code: z.string().optional().openapi({ description: 'authorization_code grant: the code (single use, 60 s).' }),
    code_verifier: z.string().optional().openapi({ description: 'authorization_code grant: the PKCE verifier (RFC 7636 §4.5).' }),
    redirect_uri: z.string().optional().openapi({ description: 'authorization_code grant: the redirect_uri of the authorization request, required when that request named one (RFC 6749 §4.1.3).' }),
    refresh_token: z.string().optional().openapi({ description: 'refresh_token grant: rotated on every use; reusing an old one revokes the grant.' }),
    resource: z.string().optional().openapi({ description: 'RFC 8707: the API URL or the /mcp URL; must match the authorization request\'s.' }),
  })
  .openapi('TokenRequest', { description: 'RFC 6749 §4.4.2 / RFC 7523 §2.1 token request (form-encoded).' });

/** POST /oauth/token — RFC 6749 §3.2 (seed §4.10). */
export function registerOAuthTokenRoute(app: OpenAPIHono<AppEnv>, oauth: OAuth): void {
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: TOKEN_PATH,
    tags: ['OAuth'],
    ...OAUTH_ENDPOINT,
    operationId: 'requestToken',
    summary: 'Get an access token (authorization_code with PKCE, refresh_token, client_credentials, or jwt-bearer with an ID-JAG)',
    request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: TokenRequestSchema }, 'application/json': { schema: TokenRequestSchema } } } },
    responses: {
      200: { description: 'RFC 6749 §5.1 token response (`Cache-Control: no-store`).', content: { 'application/json': { schema: TokenResponseSchema } } },
      400: { description: 'invalid_request, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope (RFC 6749 §5.2) or invalid_target (RFC 8707 §2).', content: oauthErrorContent },
      503: {
        description: 'temporarily_unavailable: a trusted issuer\'s signing keys (JWKS) cannot be fetched (jwt-bearer), or issuing credentials is paused; retry after `Retry-After`.',
        headers: { 'Retry-After': { required: true, schema: { type: 'integer', minimum: 1 } } },
        content: oauthErrorContent,
      },
      401: { description: 'invalid_client; with `WWW-Authenticate: Basic` when HTTP Basic was used.', content: oauthErrorContent },
    },
  });

  app.post(
    TOKEN_PATH,
    async (c) => oauthJson(c, await oauth.token(await readOAuthRequest(c))),
  );
}
