import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';
import { OAUTH_ENDPOINT } from '../openapi/declarations.js';
import { NO_STORE } from '../responses/oauth.js';
import { readOAuthRequest } from '../requests/oauth-params.js';
import { oauthErrorContent } from '../openapi/oauth-schemas.js';
import { respondWith } from '../responses/response-headers.js';

export const REVOKE_PATH = '/oauth/revoke';

const RevokeRequestSchema = z
  .object({
    token: z.string().openapi({ description: 'An access token (`vt_at_…`), a refresh token (`vt_rt_…`, with the access tokens of its grant) or an API key (`vt_key_…`, with the token minted beside it).' }),
    token_type_hint: z.enum(['access_token', 'refresh_token', 'api_key']).optional().openapi({ description: 'Optional; ignored (RFC 7009 §2.1: a hint only; one lookup covers every kind).' }),
  })
  .openapi('RevokeRequest', { description: 'RFC 7009 §2.1 revocation request.' });

/** POST /oauth/revoke — RFC 7009 (seed §4.12). */
export function registerOAuthRevokeRoute(app: OpenAPIHono<AppEnv>, oauth: OAuth): void {
  const content = { schema: RevokeRequestSchema };
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: REVOKE_PATH,
    tags: ['OAuth'],
    ...OAUTH_ENDPOINT,
    operationId: 'revokeToken',
    summary: 'Revoke an access token, refresh token or API key (RFC 7009)',
    request: { body: { required: true, content: { 'application/x-www-form-urlencoded': content, 'application/json': content } } },
    responses: {
      200: { description: 'Revoked, or not known (RFC 7009 §2.2); the body is empty.' },
      400: { description: 'invalid_request (no `token`); unauthorized_client (the client that identified itself is not the one the token was issued to, RFC 7009 §2.1).', content: oauthErrorContent },
      401: { description: 'invalid_client (client credentials were sent and are wrong).', content: oauthErrorContent },
    },
  });

  app.post(
    REVOKE_PATH,
    async (c) => {
      await oauth.revoke(await readOAuthRequest(c));
      return respondWith(c, '', 200, NO_STORE);
    },
  );
}
