import { Webhook } from 'standardwebhooks';
import { OutboundError, guardedRequest } from '../../outbound/guarded-request.js';
import type { OutboxRecord } from '../../store/ports/index.js';
import { DeliveryError, type Channel } from './channel.js';

export interface WebhookChannelOptions {
  /** WEBHOOK_SECRET, `whsec_…` */
  secret: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** seconds since the epoch, for `webhook-timestamp` */
  nowSeconds: () => number;
  /** WEBHOOK_URLS now: a row queued for a receiver since removed from it is not sent */
  urls: readonly string[];
}

/** A receiver's answer is read no further: its status alone says whether the event arrived. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Standard Webhooks: a JSON POST signed with the `standardwebhooks` package (`webhook-id` = the
 * outbox row id, the same on every retry; `webhook-timestamp`; `webhook-signature` v1 HMAC).
 * Only a 2xx answer is a delivery; a redirect is not followed (and so is a failure).
 */
export function webhookChannel(options: WebhookChannelOptions): Channel {
  const signer = new Webhook(options.secret);
  return {
    async deliver(item: OutboxRecord) {
      // A receiver dropped from the configuration since the row was queued gets nothing more (its
      // owner may have changed). Not a permanent failure: in a rolling deploy that adds a URL, an
      // instance still on the old list meets the new URL's rows, which the others then deliver;
      // a URL no instance has any more dies with its row's day, never sent.
      if (!options.urls.includes(item.target)) throw new DeliveryError('the receiver is not in this instance\'s WEBHOOK_URLS: not sent');
      const timestamp = options.nowSeconds();
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'vitrine-webhooks',
        'webhook-id': item.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signer.sign(item.id, new Date(timestamp * 1000), item.payload),
      };
      let status: number;
      try {
        ({ status } = await guardedRequest({ url: item.target, method: 'POST', headers, body: item.payload, timeoutMs: options.timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES, allowPrivate: options.allowPrivate, statusOnly: true }));
      } catch (error) {
        if (error instanceof OutboundError) throw new DeliveryError(error.message, error.permanent);
        throw error;
      }
      if (status >= 300 && status < 400) throw new DeliveryError(`the receiver answered ${status}; redirects are not followed`);
      if (status < 200 || status >= 300) throw new DeliveryError(`the receiver answered ${status}`);
    },
  };
}
