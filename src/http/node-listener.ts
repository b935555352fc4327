import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Lane } from './lane.js';

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * The node:http listener of the app: the cached-read lane first, then Hono through
 * @hono/node-server (what its serve() does). `hostname` names the server in URLs the adaptor builds.
 */
export function nodeListener(lane: Lane, fetch: Fetch, hostname: string): RequestListener {
  const app = getRequestListener(fetch, { hostname });
  return (req, res) => {
    let answered: boolean;
    try {
      answered = lane(req, res);
    } catch {
      // Nothing the lane runs is expected to throw; if it does before answering, the app answers
      // (and reports what went wrong its own way); after, the answer is cut off.
      answered = res.headersSent;
      if (answered) res.destroy();
    }
    if (!answered) void app(req, res);
  };
}
