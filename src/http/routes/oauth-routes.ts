import type { OpenAPIHono } from '@hono/zod-openapi';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';
import { registerAuthMdRoute } from './auth-md.js';
import { registerKeyRoutes } from './keys.js';
import { registerOAuthClaimRoute } from './oauth-claim.js';
import { registerOAuthRegisterRoute } from './oauth-register.js';
import { registerOAuthRevokeRoute } from './oauth-revoke.js';
import { registerOAuthTokenRoute } from './oauth-token.js';
import { registerWellKnownRoutes } from './well-known.js';

/** Every route of the authorization server, the free keys and the auth discovery documents. */
export function registerOAuthRoutes(app: OpenAPIHono<AppEnv>, oauth: OAuth, studioName: () => Promise<string>): void {
  registerOAuthRegisterRoute(app, oauth);
  registerOAuthTokenRoute(app, oauth);
  registerOAuthClaimRoute(app, oauth);
  registerOAuthRevokeRoute(app, oauth);
  registerKeyRoutes(app, oauth);
  registerWellKnownRoutes(app, oauth);
  registerAuthMdRoute(app, oauth, studioName);
}
