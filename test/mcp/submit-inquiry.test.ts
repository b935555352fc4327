import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { agentToken } from '../helpers/tokens.js';
import { call, connectV1, connectV2, textOf, type AnyClient } from './mcp-clients.js';

const INQUIRY = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  message: 'We would like a trip planner like the one you built for Atlas.',
  project_slugs: ['atlas-regional-trip-planner'],
  budget: '50-80k EUR',
  timeline: 'Q3',
};

describe('submit_inquiry goes through the same inquiry service as REST (docs/design.md §6, §8)', () => {
  let server: TestServer;
  let anonymous: AnyClient;
  let n = 0;
  const key = () => `mcp-key-${++n}`;

  before(async () => {
    server = await startTestServer();
    anonymous = await connectV2(server.baseUrl, 'auto');
  });
  after(async () => {
    await anonymous.close();
    await server.close();
  });

  describe('idempotency (retries of a tool call never duplicate an inquiry)', () => {
    it('stores one anonymous inquiry with source "mcp" and replays it for the same key', async () => {
      const before = await server.store.inquiries.count();
      const k = key();
      const first = await call(anonymous, 'submit_inquiry', { ...INQUIRY, idempotency_key: k });
      assert.equal(first.isError, undefined, textOf(first));
      assert.equal(first.structuredContent?.replayed, false);
      assert.equal(first.structuredContent?.sandbox, false);
      const id = String(first.structuredContent?.id);
      assert.match(id, /^inq_/);
      assert.equal(await server.store.inquiries.count(), before + 1);
      const stored = await server.store.inquiries.get(id);
      assert.equal(stored?.source, 'mcp');
      assert.equal(stored?.client_id, null);
      assert.deepEqual(stored?.project_slugs, ['atlas-regional-trip-planner']);

      const retry = await call(anonymous, 'submit_inquiry', { ...INQUIRY, idempotency_key: k });
      assert.equal(retry.structuredContent?.id, id);
      assert.equal(retry.structuredContent?.replayed, true);
      assert.equal(await server.store.inquiries.count(), before + 1, 'no second inquiry');
    });

    it('replays across clients and eras: the key, not the connection, identifies the request', async () => {
      const v1 = await connectV1(server.baseUrl);
      try {
        const k = key();
        const first = await call(anonymous, 'submit_inquiry', { ...INQUIRY, idempotency_key: k });
        const again = await call(v1, 'submit_inquiry', { ...INQUIRY, idempotency_key: k });
        assert.equal(again.structuredContent?.id, first.structuredContent?.id);
        assert.equal(again.structuredContent?.replayed, true);
      } finally {
        await v1.close();
      }
    });

    it('the same key with different arguments is an isError result telling the agent how to recover', async () => {
      const k = key();
      await call(anonymous, 'submit_inquiry', { ...INQUIRY, idempotency_key: k });
      const before = await server.store.inquiries.count();
      const changed = await call(anonymous, 'submit_inquiry', { ...INQUIRY, message: 'A different message under the same key.', idempotency_key: k });
      assert.equal(changed.isError, true);
      assert.match(textOf(changed), /^idempotency_key_reused: /);
      assert.match(textOf(changed), /Next step: .*new key/);
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('requires idempotency_key (a protocol-level argument error, not a stored inquiry)', async () => {
      const before = await server.store.inquiries.count();
      const result = await call(anonymous, 'submit_inquiry', { ...INQUIRY });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /idempotency_key is required/);
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('says what is wrong with a key that is there: too long, not text, not printable ASCII', async () => {
      const before = await server.store.inquiries.count();
      for (const [idempotency_key, said] of [['k'.repeat(256), /idempotency_key must be at most 255 characters/], [12345, /idempotency_key must be text/], ['café-key-0001', /idempotency_key must be printable ASCII/]] as const) {
        const text = textOf(await call(anonymous, 'submit_inquiry', { ...INQUIRY, idempotency_key }));
        assert.match(text, said, text);
        assert.doesNotMatch(text, /is required/, text);
      }
      assert.equal(await server.store.inquiries.count(), before);
    });
  });

  describe('sandbox', () => {
    it('answers like a real submission (and replays) but stores nothing', async () => {
      const before = await server.store.inquiries.count();
      const k = key();
      const first = await call(anonymous, 'submit_inquiry', { ...INQUIRY, idempotency_key: k, sandbox: true });
      assert.equal(first.isError, undefined, textOf(first));
      assert.equal(first.structuredContent?.sandbox, true);
      assert.equal(first.structuredContent?.status, 'received');
      const again = await call(anonymous, 'submit_inquiry', { ...INQUIRY, idempotency_key: k, sandbox: true });
      assert.equal(again.structuredContent?.id, first.structuredContent?.id);
      assert.equal(again.structuredContent?.replayed, true);
      assert.equal(await server.store.inquiries.count(), before);
      assert.equal(await server.store.inquiries.get(String(first.structuredContent?.id)), undefined);
    });

    it('validates exactly like the real path', async () => {
      const result = await call(anonymous, 'submit_inquiry', { ...INQUIRY, email: 'not-an-email', idempotency_key: key(), sandbox: true });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /^validation_failed: /);
      assert.match(textOf(result), /- email: must be an email address/);
    });
  });

  describe('tool failures are isError results that say what to do next', () => {
    it('an unknown project slug → unprocessable_entity naming the slug', async () => {
      const before = await server.store.inquiries.count();
      const result = await call(anonymous, 'submit_inquiry', { ...INQUIRY, project_slugs: ['no-such-project'], idempotency_key: key() });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /^unprocessable_entity: .*no-such-project/);
      assert.match(textOf(result), /Next step: .*search_projects/);
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('a message shorter than 10 characters is rejected before anything is stored', async () => {
      const before = await server.store.inquiries.count();
      const result = await call(anonymous, 'submit_inquiry', { ...INQUIRY, message: 'hi', idempotency_key: key() });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /message/);
      assert.equal(await server.store.inquiries.count(), before);
    });
  });

  describe('attribution with a bearer (seed §5 Method A)', () => {
    it('attributes the inquiry to the client whose token is on the MCP connection', async () => {
      const { clientId, token } = await agentToken(server.baseUrl);
      const client = await connectV2(server.baseUrl, 'auto', token);
      try {
        const result = await call(client, 'submit_inquiry', { ...INQUIRY, idempotency_key: key() });
        assert.equal(result.isError, undefined, textOf(result));
        const stored = await server.store.inquiries.get(String(result.structuredContent?.id));
        assert.equal(stored?.client_id, clientId);
        assert.equal(stored?.source, 'mcp');
      } finally {
        await client.close();
      }
    });

    it('attributes through the v1 client (2025 handshake) too', async () => {
      const { clientId, token } = await agentToken(server.baseUrl);
      const client = await connectV1(server.baseUrl, token);
      try {
        const result = await call(client, 'submit_inquiry', { ...INQUIRY, idempotency_key: key() });
        const stored = await server.store.inquiries.get(String(result.structuredContent?.id));
        assert.equal(stored?.client_id, clientId);
      } finally {
        await client.close();
      }
    });

    it('a token without inquiries:write gets HTTP 403 insufficient_scope (the MCP step-up), and nothing is stored', async () => {
      const { token } = await agentToken(server.baseUrl, 'catalog:read');
      const client = await connectV2(server.baseUrl, 'auto', token);
      try {
        const before = await server.store.inquiries.count();
        // MCP 2025-11-25 authorization §"Scope Challenge Handling": the SDK reads the 403 challenge.
        await assert.rejects(call(client, 'submit_inquiry', { ...INQUIRY, idempotency_key: key() }), (e: Error) => e.name === 'InsufficientScopeError' && /inquiries:write/.test(e.message));
        const res = await fetch(`${server.baseUrl}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}`, 'mcp-protocol-version': '2025-06-18' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'submit_inquiry', arguments: { ...INQUIRY, idempotency_key: key() } } }),
        });
        assert.equal(res.status, 403);
        assert.equal(res.headers.get('www-authenticate'), `Bearer error="insufficient_scope", scope="inquiries:write", resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/mcp"`);
        assert.equal(await server.store.inquiries.count(), before);
      } finally {
        await client.close();
      }
    });

    it('an expired token is refused with 401 at connect, never served anonymously', async () => {
      const { token } = await agentToken(server.baseUrl);
      server.clock.advance((server.config.accessTokenTtlSeconds + server.config.credentialCacheSeconds + 1) * 1000);
      await assert.rejects(connectV2(server.baseUrl, 'auto', token));
      await assert.rejects(connectV1(server.baseUrl, token));
      const res = await fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(res.status, 401);
      assert.match(res.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
    });
  });
});

describe('submit_inquiry over PostgreSQL (multi-instance storage)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ dialect: 'postgres' });
  });
  after(async () => server.close());

  it('replays the same inquiry for a repeated key and attributes it to the bearer', async () => {
    const { clientId, token } = await agentToken(server.baseUrl);
    const client = await connectV2(server.baseUrl, 'auto', token);
    try {
      const before = await server.store.inquiries.count();
      const first = await call(client, 'submit_inquiry', { ...INQUIRY, idempotency_key: 'pg-key-1' });
      const again = await call(client, 'submit_inquiry', { ...INQUIRY, idempotency_key: 'pg-key-1' });
      assert.equal(again.structuredContent?.id, first.structuredContent?.id);
      assert.equal(again.structuredContent?.replayed, true);
      assert.equal(await server.store.inquiries.count(), before + 1);
      assert.equal((await server.store.inquiries.get(String(first.structuredContent?.id)))?.client_id, clientId);
    } finally {
      await client.close();
    }
  });
});
