import type { OutboxRecord } from '../../store/ports/index.js';

/** Delivers one outbox row; throws DeliveryError (or any error) when it did not arrive. */
export interface Channel {
  deliver(item: OutboxRecord): Promise<void>;
  /**
   * Deliveries it can make at once (a mail pool's connections): the worker claims no more rows
   * than that, so none waits in a queue while its lease runs out. None: the worker's own limit.
   */
  readonly concurrency?: number;
}

export class DeliveryError extends Error {
  constructor(
    message: string,
    /** retrying cannot help (a refused target): the row dies at once */
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
