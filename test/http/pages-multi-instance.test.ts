import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pino from 'pino';
import { createApp } from '../../src/app.js';
import { createStore } from '../../src/store/create-store.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';
import { startTestServer } from '../helpers/server.js';

const FIELDS = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'A form shown by one instance, sent to another.' };

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`inquiry form across two instances on one ${dialect} database (docs/design.md §1: no difference a client can see)`, () => {
    it('accepts on instance B a form rendered by instance A, and a double submit across them stores one inquiry', async (t) => {
      if (dialect === 'postgres') {
        const skip = await skipWithoutPostgres();
        if (skip) return t.skip(skip);
      }
      const a = await startTestServer({ dialect });
      const storeB = createStore(a.config.database);
      const b = await createApp({ config: a.config, store: storeB, clock: a.clock, logger: pino({ level: 'silent' }) });
      try {
        const html = await (await fetch(`${a.baseUrl}/inquire`)).text();
        const token = /name="form_token" value="([^"]+)"/.exec(html)![1]!;
        const send = (app: { fetch: (r: Request) => Response | Promise<Response> }) =>
          app.fetch(
            new Request(`${a.baseUrl}/inquire`, {
              method: 'POST',
              redirect: 'manual',
              headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: a.baseUrl },
              body: new URLSearchParams({ ...FIELDS, form_token: token }).toString(),
            }),
          );
        const before = await a.store.inquiries.count();
        const onB = await send(b);
        assert.equal(onB.status, 303, 'instance B verifies the token instance A signed');
        const onA = await fetch(`${a.baseUrl}/inquire`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: a.baseUrl },
          body: new URLSearchParams({ ...FIELDS, form_token: token }).toString(),
        });
        assert.equal(onA.status, 303);
        assert.equal(onA.headers.get('location'), onB.headers.get('location'), 'both answers name the same inquiry');
        assert.equal(await a.store.inquiries.count(), before + 1);
      } finally {
        await b.close();
        await storeB.close();
        await a.close();
      }
    });
  });
}
