import type { OpenAPIHono } from '@hono/zod-openapi';
import { NotFoundError } from '../../lib/errors.js';
import type { DeliveryWorker } from '../../outbox/worker.js';
import { renderDeliveriesPage } from '../../pages/admin/render.js';
import type { OutboxState, Store } from '../../store/ports/index.js';
import { frameOf, seeOther, sendAdminHtml, signedIn, signInFirst, type AdminDeps } from '../admin/context.js';
import type { AppEnv } from '../env.js';

const STATES: readonly OutboxState[] = ['pending', 'delivered', 'dead'];

export interface DeliveryRouteOptions extends AdminDeps {
  store: Store;
  worker: DeliveryWorker;
  clock: { now(): number };
  channels: { mail: boolean; webhooks: number };
}

/** /admin/deliveries: every notification with its attempts and last error; a dead one can be sent again. */
export function registerDeliveryRoutes(app: OpenAPIHono<AppEnv>, options: DeliveryRouteOptions): void {
  const { store, worker, clock, channels } = options;

  app.get('/admin/deliveries', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const raw = c.req.query('state');
    const state = STATES.includes(raw as OutboxState) ? (raw as OutboxState) : undefined;
    const deliveries = await store.outbox.list({ state, limit: 200 });
    const notice = c.req.query('retried') === '1' ? 'The delivery is queued again and goes out in a moment.' : undefined;
    return sendAdminHtml(c, renderDeliveriesPage({ ...(await frameOf(c, options)), deliveries, state, channels, notice }));
  });

  app.post('/admin/deliveries/:id/retry', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const id = c.req.param('id').slice(0, 100);
    if (!(await store.outbox.retry(id, clock.now()))) throw new NotFoundError(`No undelivered notification has the id "${id}".`);
    worker.kick();
    return seeOther(c, '/admin/deliveries?retried=1');
  });
}
