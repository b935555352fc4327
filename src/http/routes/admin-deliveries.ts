import type { OpenAPIHono } from '@hono/zod-openapi';
import { decodeInboxCursor, encodeInboxCursor } from '../../inbox/cursor.js';
import { NotFoundError } from '../../lib/errors.js';
import type { DeliveryWorker } from '../../outbox/worker.js';
import { renderDeliveriesPage } from '../../pages/admin/render.js';
import type { OutboxState, Store } from '../../store/ports/index.js';
import { frameOf, seeOther, sendAdminHtml, signedIn, signInFirst, type AdminDeps } from '../admin/context.js';
import type { AppEnv } from '../env.js';

const STATES: readonly OutboxState[] = ['pending', 'delivered', 'dead'];
const PAGE_SIZE = 50;

/** What the page says after "Send again" (?retried=…). */
function noticeOf(retried: string | undefined): string | undefined {
  if (retried === '1') return 'The delivery is queued again and goes out in a moment.';
  if (retried === 'sending') return 'That delivery is being sent right now; it was left alone so it does not go out twice.';
  const all = /^all-(\d{1,9})$/.exec(retried ?? '');
  if (all) return all[1] === '0' ? 'There were no given-up deliveries to send again.' : `${all[1]} deliveries are queued again and go out in a moment.`;
  return undefined;
}

/** Where a page of this view starts: after the cursor's row; a stale or foreign cursor starts over. */
function positionOf(cursor: string | undefined, view: unknown): { createdAt: number; id: string } | undefined {
  if (cursor === undefined) return undefined;
  try {
    const { createdAt, id } = decodeInboxCursor(cursor, view);
    const ms = Number(createdAt);
    return Number.isSafeInteger(ms) ? { createdAt: ms, id } : undefined;
  } catch {
    return undefined;
  }
}

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
    // The inbox's keyset cursor, over the row's created_at (ms) and id, bound to the state shown.
    const view = { deliveries: state ?? null };
    const after = positionOf(c.req.query('cursor'), view);
    const rows = await store.outbox.list({ state, after, limit: PAGE_SIZE + 1 });
    const deliveries = rows.slice(0, PAGE_SIZE);
    const last = deliveries.at(-1);
    const nextCursor = rows.length > PAGE_SIZE && last ? encodeInboxCursor({ createdAt: String(last.created_at), id: last.id }, view) : null;
    return sendAdminHtml(c, renderDeliveriesPage({ ...(await frameOf(c, options)), deliveries, state, channels, notice: noticeOf(c.req.query('retried')), nextCursor, continued: after !== undefined, now: clock.now() }));
  });

  app.post('/admin/deliveries/:id/retry', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const id = c.req.param('id').slice(0, 100);
    const outcome = await store.outbox.retry(id, clock.now());
    if (outcome === 'absent') throw new NotFoundError(`No undelivered notification has the id "${id}".`);
    if (outcome === 'queued') worker.kick();
    return seeOther(c, `/admin/deliveries?retried=${outcome === 'queued' ? '1' : 'sending'}`);
  });

  app.post('/admin/deliveries/retry-dead', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const count = await store.outbox.retryDead(clock.now());
    if (count > 0) worker.kick();
    return seeOther(c, `/admin/deliveries?retried=${count === 1 ? '1' : `all-${count}`}`);
  });
}
