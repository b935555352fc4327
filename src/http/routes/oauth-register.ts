import type { OpenAPIHono } from '@hono/zod-openapi';
import { InvalidClientMetadataError } from '../../oauth/oauth-error.js';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';
import { OAUTH_ENDPOINT } from '../openapi/declarations.js';
import { oauthJson } from '../responses/oauth.js';
import { ClientInformationSchema, RegistrationRequestSchema, oauthErrorContent } from '../openapi/oauth-schemas.js';
import { isJsonMediaType } from '../requests/media-type.js';

export const REGISTER_PATH = '/oauth/register';

/** POST /oauth/register — RFC 7591 dynamic client registration (seed §4.9). */
export function registerOAuthRegisterRoute(app: OpenAPIHono<AppEnv>, oauth: OAuth): void {
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: REGISTER_PATH,
    tags: ['OAuth'],
    ...OAUTH_ENDPOINT,
    operationId: 'registerClient',
    summary: 'Register an OAuth client (RFC 7591); public clients need no secret',
    request: { body: { required: true, content: { 'application/json': { schema: RegistrationRequestSchema } } } },
    responses: {
      201: { description: 'The registered client. `client_secret` only for confidential clients, shown once.', content: { 'application/json': { schema: ClientInformationSchema } } },
      400: { description: '`invalid_client_metadata` or `invalid_redirect_uri` (RFC 7591 §3.2.2).', content: oauthErrorContent },
    },
  });

  app.post(
    REGISTER_PATH,
    async (c) => {
      if (!isJsonMediaType(c.req.header('content-type'))) {
        throw new InvalidClientMetadataError('Send the client metadata as JSON with Content-Type: application/json (RFC 7591 §3.1).');
      }
      let metadata: unknown;
      try {
        metadata = JSON.parse(await c.req.text());
      } catch {
        throw new InvalidClientMetadataError('The request body is not valid JSON.');
      }
      return oauthJson(c, await oauth.register(metadata), 201);
    },
  );
}
