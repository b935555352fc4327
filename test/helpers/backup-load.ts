import assert from 'node:assert/strict';
import { drive, FaultLoad } from './fault-load.js';

/** An inquiry body that names its idempotency key, so a replay can be told from a new write. */
export const inquiryFor = (key: string, what: string) => JSON.stringify({ name: 'Backup Test', email: 'backup@example.com', message: `Sent while ${what} ran, key ${key}.` });

export interface InquiryWriters {
  /** idempotency key → inquiry id, for every 201 so far */
  acknowledged: Map<string, string>;
  stop(): Promise<void>;
}

/** Six clients sending inquiries with fresh keys under `apiKey` until stopped: the load a backup runs under. */
export function startInquiryWriters(load: FaultLoad, prefix: string, apiKey: string, what: string): InquiryWriters {
  const acknowledged = new Map<string, string>();
  let next = 0;
  let stopWriters: () => void = () => {};
  const writers = drive(6, new Promise<void>((resolve) => (stopWriters = resolve)), async () => {
    const key = `${prefix}-${next++}`;
    const answer = await load.send('inquiry', '/api/v1/inquiries', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key, authorization: `Bearer ${apiKey}` }, body: inquiryFor(key, what) });
    if (answer.outcome === 201) acknowledged.set(key, (JSON.parse(answer.body) as { id: string }).id);
  });
  return {
    acknowledged,
    async stop() {
      stopWriters();
      await writers;
    },
  };
}

/**
 * A server on a restored database serves the old world: the API key and access token still
 * authenticate, and the idempotency records came along (the last key acknowledged before the
 * backup replays instead of writing twice).
 */
export async function assertRestoredServes(base: string, keys: { api_key: string; token: string }, before: Map<string, string>, what: string): Promise<FaultLoad> {
  const check = new FaultLoad(base);
  for (const credential of [keys.api_key, keys.token]) {
    const answer = await check.send('restored', '/api/v1/inquiries', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` }, body: inquiryFor(`after-restore-${credential.slice(0, 6)}`, what) });
    assert.equal(answer.outcome, 201, `${credential.slice(0, 6)}… still authenticates: ${answer.body}`);
  }
  const [lastKey, lastId] = [...before][before.size - 1]!;
  const replay = await check.send('restored', '/api/v1/inquiries', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': lastKey, authorization: `Bearer ${keys.api_key}` }, body: inquiryFor(lastKey, what) });
  assert.equal(replay.outcome, 201);
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal((JSON.parse(replay.body) as { id: string }).id, lastId);
  return check;
}
