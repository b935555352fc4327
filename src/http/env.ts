import type { Principal } from '../model/principal.js';
import type { BearerCheck } from '../oauth/bearer.js';
import type { OwnerSession } from '../owner/sessions.js';

/** Per-request values set by middleware; the framework's view of a request. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** the configured PUBLIC_URL, without a trailing slash */
    baseUrl: string;
    /** set by `authenticate` on routes that read a bearer; null = anonymous (no bearer presented) */
    principal: Principal | null;
    /** the verification of this request's Authorization header, once asked for (requests/bearer-check.ts) */
    bearerCheck: Promise<BearerCheck>;
    clientIp: string;
    /** the signed-in owner (a session on /admin, an owner token on /api/v1/admin), or null */
    owner: OwnerSession | null;
    /** the CSRF token owner forms carry (middleware/csrf.ts) */
    csrfToken: string;
    /** the route pattern of a 405 that no handler answered (responses/not-found.ts), for the metrics */
    route: string;
  };
}
