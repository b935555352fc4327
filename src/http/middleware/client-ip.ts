import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { TrustProxy } from '../../config.js';
import { clientIpResolver } from '../../lib/client-ip.js';
import type { AppEnv } from '../env.js';

/**
 * Sets `clientIp` from the socket peer, following `X-Forwarded-For` only through the proxies
 * TRUST_PROXY names. A request with no socket (in-process `app.request()`) is `unknown`.
 */
export function clientIp(trust: TrustProxy): MiddlewareHandler<AppEnv> {
  const resolve = clientIpResolver(trust);
  return async (c, next) => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      socketAddress = undefined;
    }
    c.set('clientIp', resolve(socketAddress, c.req.header('x-forwarded-for')));
    await next();
  };
}
