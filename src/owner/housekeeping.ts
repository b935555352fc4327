import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.js';
import type { Store } from '../store/ports/index.js';
import type { Sessions } from './sessions.js';

/** Delivered and dead notifications are kept this long (the deliveries page shows them), then deleted with the inquiry copy they carry. */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * What no request cleans up: ended owner sessions, expired access tokens (each token request adds
 * one) and refresh tokens (each rotation adds one), and old notification rows (each holds a copy
 * of its inquiry, so keeping them forever would keep personal data forever). Every instance may
 * run it; the deletes are idempotent.
 */
export async function housekeeping(store: Store, sessions: Sessions, clock: Clock, logger: Logger): Promise<void> {
  try {
    const sessionsEnded = await sessions.prune();
    const notifications = await store.outbox.prune(clock.now() - OUTBOX_RETENTION_MS);
    const refreshTokens = await store.refreshTokens.prune(clock.now());
    const accessTokens = await store.credentials.prune(clock.now());
    if (sessionsEnded + notifications + refreshTokens + accessTokens > 0) logger.info({ event: 'housekeeping', sessions: sessionsEnded, notifications, refresh_tokens: refreshTokens, access_tokens: accessTokens }, 'housekeeping');
  } catch (error) {
    logger.warn({ err: (error as Error).message }, 'housekeeping failed; it runs again later');
  }
}
