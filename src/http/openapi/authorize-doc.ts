import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } });
const redirect = (description: string) => ({ description, headers: { Location: { required: true, schema: { type: 'string' as const, format: 'uri' } } } });

/** A browser (Accept ranks text/html first) gets a page saying how long to wait; a program the problem. */
const tooMany = (description: string) => ({
  description: `${description} A page for a browser, a problem otherwise.`,
  headers: {
    'Retry-After': { required: true, schema: { type: 'integer' as const, minimum: 1 } },
    RateLimit: { required: true, description: 'The policy this request counted against.', schema: { type: 'string' as const } },
    'RateLimit-Policy': { required: true, schema: { type: 'string' as const } },
  },
  content: { 'text/html': { schema: { type: 'string' as const } }, 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const query = (name: string, description: string, required = false) => ({ name, in: 'query' as const, required, description, schema: { type: 'string' as const } });

/** OpenAPI entries of the authorization endpoint: an HTML page for people, redirects for clients. */
export function documentAuthorizeRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/oauth/authorize',
    tags: ['OAuth'],
    operationId: 'authorize',
    summary: 'Authorization endpoint (RFC 6749 §4.1.1, PKCE S256 required): the consent page',
    description:
      'Opened in the person\'s browser. Shows who asks for what; the person allows anonymously, allows as an email address proven with a mailed code, or denies. The answer goes to `redirect_uri` with `code` (or `error`), `state` and `iss` (RFC 9207). Errors about the client or its redirect URI are shown on the page and never redirected.',
    parameters: [
      query('response_type', '`code`', true),
      query('client_id', 'A registered client_id, or the https URL of a client ID metadata document.', true),
      query('redirect_uri', 'One of the registered redirect URIs (any port for http loopback, RFC 8252 §7.3).'),
      query('code_challenge', 'BASE64URL(SHA256(code_verifier)), RFC 7636.', true),
      query('code_challenge_method', '`S256` (plain is refused).', true),
      query('scope', 'Space-separated scopes; default all the client may have.'),
      query('state', 'Returned unchanged.'),
      query('resource', 'RFC 8707: this service\'s API URL or its /mcp URL.'),
    ],
    responses: {
      200: html('The consent page.'),
      302: redirect('An error the client hears at its redirect URI (`error`, `error_description`, `state`, `iss`).'),
      400: html('The client or redirect URI cannot be trusted: an error page, no redirect.'),
      429: tooMany('Too many requests (the `auth` policy).'),
    },
  } as never);
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/oauth/authorize',
    tags: ['OAuth'],
    operationId: 'authorizeDecision',
    summary: 'The consent page\'s decision (a form with a CSRF token)',
    request: {
      body: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                _csrf: { type: 'string' },
                ticket: { type: 'string', description: 'The signed authorization request the page carries.' },
                action: { type: 'string', enum: ['anonymous', 'deny', 'send_code', 'verify'] },
                email: { type: 'string' },
                code: { type: 'string' },
              },
            },
          },
        },
      },
    },
    responses: {
      200: html('The next step (enter the mailed code).'),
      303: redirect('Back to the client with `code` or `error=access_denied`, `state` and `iss`.'),
      400: html('The page expired or was altered.'),
      403: html('The CSRF check failed.'),
      422: html('The form needs correcting (address, code).'),
      429: tooMany('Too many requests: the `auth` policy, or too many mailed codes or tries for this address or from this client address (`signin` policy; the page again).'),
      503: html('The code could not be mailed.'),
    },
  } as never);
}
