import type { Random } from '../../lib/clock.js';

const ID_BYTES = 9;
const IDS_PER_DRAW = 256;

/**
 * Request ids: 9 random bytes, base64url (12 characters). Drawn from the injected Random 256 ids
 * at a time: one call per request cost ~10 µs of a cached read's CPU (bench/run.ts). The ids only
 * correlate log lines with answers; they are never secrets.
 */
export function requestIds(random: Random): () => string {
  let pool: Buffer = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + ID_BYTES > pool.length) {
      pool = random.bytes(ID_BYTES * IDS_PER_DRAW);
      offset = 0;
    }
    const id = pool.toString('base64url', offset, offset + ID_BYTES);
    offset += ID_BYTES;
    return id;
  };
}
