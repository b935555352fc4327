import type { OutboxRecord } from '../../store/ports/index.js';

/** Delivers one outbox row; throws DeliveryError (or any error) when it did not arrive. */
export interface Channel {
  deliver(item: OutboxRecord): Promise<void>;
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
