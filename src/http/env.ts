import type { Principal } from '../model/principal.js';

/** Per-request values set by middleware; the framework's view of a request. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** the configured PUBLIC_URL, without a trailing slash */
    baseUrl: string;
    /** set by `authenticate` on routes that read a bearer; null = anonymous (no bearer presented) */
    principal: Principal | null;
    clientIp: string;
  };
}
