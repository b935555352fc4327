import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { idempotencyScopeKey, fingerprint } from '../../src/idempotency/key.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { agentToken } from '../helpers/tokens.js';
import type { Problem } from '../helpers/problem.js';

const GOOD = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  message: 'We would like a booking platform like the one you built.',
  project_slugs: ['atlas-regional-trip-planner'],
  budget: '50-80k EUR',
  timeline: 'Q3',
};

function projectInput(p: { slug: string; title: string; summary: string; industry: string; year: number; published_at: string | null }) {
  return { ...p, description: '', client: null, services: [], technologies: [], tags: [], featured: false, url: null, images: [] };
}

describe('POST /api/v1/inquiries', () => {
  let server: TestServer;
  let n = 0;
  const key = () => `key-${++n}-${Date.now()}`;
  const post = (body: unknown, headers: Record<string, string> = {}, path = '/api/v1/inquiries') =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  before(async () => {
    // Quotas high enough that this file's writes measure inquiries, not rate limits.
    server = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ writes: { q: 10_000, w: 60 }, register: { q: 10_000, w: 60 }, auth: { q: 10_000, w: 60 } }) } });
  });
  after(async () => server.close());

  describe('anonymous, attributed and rejected writes', () => {
    it('accepts an anonymous inquiry with 201, Location and a received receipt, and stores it', async () => {
      const before = await server.store.inquiries.count();
      const res = await post(GOOD, { 'idempotency-key': key() });
      assert.equal(res.status, 201);
      const body = (await res.json()) as Record<string, unknown>;
      assert.match(String(body.id), /^inq_/);
      assert.equal(body.status, 'received');
      assert.equal(body.sandbox, false);
      assert.equal(body.client_id, null);
      assert.equal(body.source, 'api');
      assert.match(String(body.created_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.equal(res.headers.get('location'), `${server.baseUrl}/api/v1/inquiries/${body.id}`);
      assert.equal(await server.store.inquiries.count(), before + 1);
      const stored = await server.store.inquiries.get(String(body.id));
      assert.equal(stored?.email, 'ada@example.com');
      assert.deepEqual(stored?.project_slugs, ['atlas-regional-trip-planner']);
    });

    it('gives each inquiry an id that sorts after those accepted before it (time first, RFC 9562 §5.7), so the table grows at its end', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await post(GOOD, { 'idempotency-key': key() });
        assert.equal(res.status, 201);
        ids.push(String(((await res.json()) as { id: string }).id));
        server.clock.advance(1);
      }
      for (const id of ids) assert.match(id, /^inq_[A-Za-z0-9_-]{24}$/);
      assert.deepEqual([...ids].sort(), ids);
      assert.equal(new Set(ids).size, ids.length);
    });

    it('accepts a write without Idempotency-Key (the seed says it "should" be sent, not must)', async () => {
      const res = await post(GOOD);
      assert.equal(res.status, 201);
    });

    it('attributes an inquiry to the bearer\'s client, readable at Location by that client only, in the representation POST answered', async () => {
      const { clientId, token } = await agentToken(server.baseUrl);
      const res = await post(GOOD, { authorization: `Bearer ${token}`, 'idempotency-key': key() });
      assert.equal(res.status, 201);
      const body = (await res.json()) as { id: string; client_id: string };
      assert.equal(body.client_id, clientId);
      assert.equal((await server.store.inquiries.get(body.id))?.client_id, clientId);

      const location = res.headers.get('location')!;
      const own = await fetch(location, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(own.status, 200);
      // One representation: GET on the Location answers exactly what the POST did.
      assert.deepEqual(await own.json(), body);

      const other = await agentToken(server.baseUrl);
      const foreign = await fetch(location, { headers: { authorization: `Bearer ${other.token}` } });
      assert.equal(foreign.status, 404, 'another client must not read it');
      const anonymous = await fetch(location);
      assert.equal(anonymous.status, 401);
      assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Bearer resource_metadata="/);
    });

    it('answers 401 invalid_token with the RFC 9728 challenge for an unknown bearer, and stores nothing', async () => {
      const before = await server.store.inquiries.count();
      const res = await post(GOOD, { authorization: 'Bearer vt_at_doesnotexist', 'idempotency-key': key() });
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
      assert.equal(
        res.headers.get('www-authenticate'),
        `Bearer error="invalid_token", resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`,
      );
      const problem = (await res.json()) as Problem;
      assert.equal(problem.error, 'invalid_token');
      assert.equal(problem.status, 401);
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('answers 403 insufficient_scope to a token without inquiries:write', async () => {
      const { token } = await agentToken(server.baseUrl, 'catalog:read');
      const res = await post(GOOD, { authorization: `Bearer ${token}` });
      assert.equal(res.status, 403);
      assert.equal(((await res.json()) as Problem).error, 'insufficient_scope');
      assert.match(res.headers.get('www-authenticate') ?? '', /error="insufficient_scope", scope="inquiries:write"/);
      // Before the key's format or the body is looked at: what the token may do is said first.
      for (const [body, headers] of [[GOOD, { 'idempotency-key': 'not a valid key \u00e9'.repeat(40) }], [{ name: '' }, {}]] as const) {
        const refused = await post(body, { authorization: `Bearer ${token}`, ...headers });
        assert.equal(refused.status, 403);
        assert.equal(((await refused.json()) as Problem).error, 'insufficient_scope');
      }
    });
  });

  describe('validation', () => {
    const cases: [string, unknown, number, string][] = [
      ['a missing name', { ...GOOD, name: undefined }, 400, 'name'],
      ['a blank name', { ...GOOD, name: '   ' }, 400, 'name'],
      ['an invalid email', { ...GOOD, email: 'not-an-email' }, 400, 'email'],
      ['a message under 10 characters', { ...GOOD, message: 'short' }, 400, 'message'],
      ['a message over 5000 characters', { ...GOOD, message: 'x'.repeat(5001) }, 400, 'message'],
      ['a budget over 200 characters', { ...GOOD, budget: 'b'.repeat(201) }, 400, 'budget'],
      ['a timeline over 200 characters', { ...GOOD, timeline: 't'.repeat(201) }, 400, 'timeline'],
      ['project_slugs that is not a list', { ...GOOD, project_slugs: 'atlas' }, 400, 'project_slugs'],
      ['an unknown field', { ...GOOD, priority: 'high' }, 400, 'priority'],
      ['an unknown project slug (semantic: 422)', { ...GOOD, project_slugs: ['no-such-project'] }, 422, 'project_slugs[0]'],
      ['a JSON array body', [GOOD], 400, '(body)'],
    ];
    for (const [label, body, status, path] of cases) {
      it(`rejects ${label} with ${status} and a field error at "${path}"`, async () => {
        const before = await server.store.inquiries.count();
        const res = await post(body, { 'idempotency-key': key() });
        assert.equal(res.status, status);
        assert.equal(res.headers.get('content-type'), 'application/problem+json');
        const problem = (await res.json()) as Problem;
        assert.ok(problem.errors?.some((e) => e.path === path), `errors ${JSON.stringify(problem.errors)} should name ${path}`);
        assert.equal(await server.store.inquiries.count(), before);
      });
    }

    it('names the field an unknown one likely meant, or the fields there are', async () => {
      const res = await post({ ...GOOD, project: 'atlas-regional-trip-planner', phone: '+44 20 7946 0000' }, { 'idempotency-key': key() });
      assert.equal(res.status, 400);
      const problem = (await res.json()) as Problem;
      assert.deepEqual(problem.errors, [
        { path: 'project', message: 'unknown field (did you mean project_slugs?)' },
        { path: 'phone', message: 'unknown field (the fields are name, email, company, message, project_slugs, budget, timeline)' },
      ]);
      assert.match(problem.detail ?? '', /project unknown field \(did you mean project_slugs\?\)/);
    });

    it('rejects malformed JSON with 400 malformed_json', async () => {
      const res = await post('{"name": ', {});
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as Problem).error, 'malformed_json');
    });

    it('rejects a non-JSON content type with 415 and Accept-Post', async () => {
      const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(GOOD) });
      assert.equal(res.status, 415);
      assert.equal(res.headers.get('accept-post'), 'application/json');
      assert.equal(((await res.json()) as Problem).error, 'unsupported_media_type');
    });

    it('rejects JSON declared in another charset than UTF-8 with 415 (RFC 8259 §8.1), not misreading it', async () => {
      const utf16 = Buffer.from(`\ufeff${JSON.stringify(GOOD)}`, 'utf16le');
      for (const type of ['application/json; charset=utf-16', 'application/json;charset="UTF-16LE"', 'application/json; charset=iso-8859-1']) {
        const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': type }, body: utf16 });
        assert.equal(res.status, 415, type);
        const problem = (await res.json()) as Problem;
        assert.equal(problem.error, 'unsupported_media_type');
        assert.match(problem.detail ?? '', /UTF-8/);
      }
      for (const type of ['application/json; charset=utf-8', 'application/json;charset=UTF-8']) {
        const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': type, 'idempotency-key': `charset-${type.length}` }, body: JSON.stringify(GOOD) });
        assert.equal(res.status, 201, type);
      }
    });

    it('rejects a malformed Idempotency-Key with 400', async () => {
      for (const bad of ['"unterminated', 'has space', 'k'.repeat(256), '""']) {
        const res = await post(GOOD, { 'idempotency-key': bad });
        assert.equal(res.status, 400, `key ${bad.slice(0, 20)}`);
        const problem = (await res.json()) as Problem;
        assert.equal(problem.errors?.[0]?.path, 'header.Idempotency-Key');
      }
    });
  });

  describe('Idempotency-Key (draft-ietf-httpapi-idempotency-key-header, Stripe semantics)', () => {
    it('replays the stored response byte for byte with Idempotent-Replayed: true', async () => {
      const k = key();
      const first = await post(GOOD, { 'idempotency-key': k });
      const firstBody = await first.text();
      const before = await server.store.inquiries.count();
      const second = await post(GOOD, { 'idempotency-key': k });
      assert.equal(second.status, 201);
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.equal(first.headers.get('idempotent-replayed'), null);
      assert.equal(second.headers.get('location'), first.headers.get('location'));
      assert.equal(await second.text(), firstBody);
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('treats the quoted sf-string and the bare form of a key as the same key', async () => {
      const k = key();
      const first = (await (await post(GOOD, { 'idempotency-key': k })).json()) as { id: string };
      const second = await post(GOOD, { 'idempotency-key': `"${k}"` });
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.equal(((await second.json()) as { id: string }).id, first.id);
    });

    it('treats a body with reordered keys as the same request', async () => {
      const k = key();
      const first = (await (await post(GOOD, { 'idempotency-key': k })).json()) as { id: string };
      const reordered = Object.fromEntries(Object.entries(GOOD).reverse());
      const second = await post(reordered, { 'idempotency-key': k });
      assert.equal(((await second.json()) as { id: string }).id, first.id);
    });

    it('answers 422 idempotency_key_reused when the same key comes with a different body', async () => {
      const k = key();
      await post(GOOD, { 'idempotency-key': k });
      const res = await post({ ...GOOD, message: 'A different message, same key.' }, { 'idempotency-key': k });
      assert.equal(res.status, 422);
      assert.equal(((await res.json()) as Problem).error, 'idempotency_key_reused');
    });

    it('answers 409 while the first request with the key is still in flight', async () => {
      const k = key();
      // A real claim in the real store, exactly as a concurrent first request leaves it.
      const scopeKey = idempotencyScopeKey('anonymous', 'POST', '/api/v1/inquiries', k);
      const claim = await server.store.idempotency.claim(scopeKey, fingerprint(GOOD), server.clock.now(), 30_000, 86_400_000);
      assert.equal(claim.state, 'acquired');
      const res = await post(GOOD, { 'idempotency-key': k });
      assert.equal(res.status, 409);
      assert.equal(((await res.json()) as Problem).error, 'idempotency_conflict');

      // Once the holder's lock expires (it crashed), a retry takes over and succeeds once.
      server.clock.advance(30_001);
      const retry = await post(GOOD, { 'idempotency-key': k });
      assert.equal(retry.status, 201);
      assert.equal(retry.headers.get('idempotent-replayed'), null);
    });

    it('never creates two inquiries for two parallel requests with the same key: the second replays the first', async () => {
      const k = key();
      const before = await server.store.inquiries.count();
      const responses = await Promise.all([post(GOOD, { 'idempotency-key': k }), post(GOOD, { 'idempotency-key': k })]);
      assert.deepEqual(responses.map((r) => r.status), [201, 201]);
      assert.deepEqual(responses.map((r) => r.headers.get('idempotent-replayed')).sort(), ['true', null].sort());
      const ids = new Set<string>();
      for (const r of responses) ids.add(((await r.json()) as { id: string }).id);
      assert.equal(ids.size, 1);
      assert.equal(await server.store.inquiries.count(), before + 1);
    });

    it('lets a retry with a corrected body succeed under the key of a failed validation', async () => {
      const k = key();
      const bad = await post({ ...GOOD, email: 'nope' }, { 'idempotency-key': k });
      assert.equal(bad.status, 400);
      const good = await post(GOOD, { 'idempotency-key': k });
      assert.equal(good.status, 201);
      assert.equal(good.headers.get('idempotent-replayed'), null);
    });

    it('replays a completed request even after a project it names was unpublished', async () => {
      const k = key();
      const slug = 'sandbox-unpublish-probe';
      const probe = { slug, title: 'Probe', summary: 'A project that is unpublished after an inquiry about it.', industry: 'retail', year: 2025, published_at: '2025-01-01T00:00:00Z' };
      await server.store.projects.upsert([projectInput(probe)], server.clock.now(), () => `prj_${k.replace(/\W/g, '')}`);
      const first = await post({ ...GOOD, project_slugs: [slug] }, { 'idempotency-key': k });
      assert.equal(first.status, 201);
      await server.store.projects.upsert([projectInput({ ...probe, published_at: null })], server.clock.now(), () => 'unused');
      const retry = await post({ ...GOOD, project_slugs: [slug] }, { 'idempotency-key': k });
      assert.equal(retry.status, 201, 'the stored answer is replayed, not re-validated against today\'s catalog');
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal(await retry.text(), await first.text());
    });

    it('answers 422 for the same key with a different body even when that body is invalid', async () => {
      const k = key();
      await post(GOOD, { 'idempotency-key': k });
      const res = await post({ ...GOOD, email: 'not-an-email' }, { 'idempotency-key': k });
      assert.equal(res.status, 422);
      assert.equal(((await res.json()) as Problem).error, 'idempotency_key_reused');
    });

    it('forgets a key after IDEMPOTENCY_TTL_SECONDS: the same key then creates a new inquiry', async () => {
      const k = key();
      const first = (await (await post(GOOD, { 'idempotency-key': k })).json()) as { id: string };
      server.clock.advance(server.config.idempotencyTtlSeconds * 1000 - 1);
      const replay = await post(GOOD, { 'idempotency-key': k });
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      server.clock.advance(2);
      const fresh = await post(GOOD, { 'idempotency-key': k });
      assert.equal(fresh.status, 201);
      assert.equal(fresh.headers.get('idempotent-replayed'), null);
      assert.notEqual(((await fresh.json()) as { id: string }).id, first.id);
    });

    it('scopes keys per principal: another client using the same key gets its own inquiry', async () => {
      const k = key();
      const a = await agentToken(server.baseUrl);
      const b = await agentToken(server.baseUrl);
      const ra = (await (await post(GOOD, { authorization: `Bearer ${a.token}`, 'idempotency-key': k })).json()) as { id: string };
      const rb = await post(GOOD, { authorization: `Bearer ${b.token}`, 'idempotency-key': k });
      assert.equal(rb.status, 201);
      assert.equal(rb.headers.get('idempotent-replayed'), null);
      assert.notEqual(((await rb.json()) as { id: string }).id, ra.id);
    });
  });

  describe('sandbox writes', () => {
    it('answers like the real path with "sandbox": true and stores no inquiry', async () => {
      const before = await server.store.inquiries.count();
      const k = key();
      const res = await post(GOOD, { 'idempotency-key': k }, '/api/v1/sandbox/inquiries');
      assert.equal(res.status, 201);
      const body = (await res.json()) as { id: string; sandbox: boolean; status: string };
      assert.equal(body.sandbox, true);
      assert.equal(body.status, 'received');
      assert.equal(res.headers.get('location'), null, 'nothing is stored, so there is nothing to locate');
      assert.equal((body as { links?: unknown }).links, undefined);
      assert.equal(await server.store.inquiries.count(), before);
      assert.equal(await server.store.inquiries.get(body.id), undefined);

      const replay = await post(GOOD, { 'idempotency-key': k }, '/api/v1/sandbox/inquiries');
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(((await replay.json()) as { id: string }).id, body.id);
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('validates exactly like the real path', async () => {
      const res = await post({ ...GOOD, project_slugs: ['no-such-project'] }, {}, '/api/v1/sandbox/inquiries');
      assert.equal(res.status, 422);
    });

    it('needs sandbox:write, not inquiries:write', async () => {
      const readOnly = await agentToken(server.baseUrl, 'inquiries:write');
      const denied = await post(GOOD, { authorization: `Bearer ${readOnly.token}` }, '/api/v1/sandbox/inquiries');
      assert.equal(denied.status, 403);
      const sandbox = await agentToken(server.baseUrl, 'sandbox:write');
      const allowed = await post(GOOD, { authorization: `Bearer ${sandbox.token}` }, '/api/v1/sandbox/inquiries');
      assert.equal(allowed.status, 201);
      const deniedReal = await post(GOOD, { authorization: `Bearer ${sandbox.token}` });
      assert.equal(deniedReal.status, 403);
    });

    it('answers any other sandbox write with a 404 problem', async () => {
      for (const [method, path] of [['POST', '/api/v1/sandbox/projects'], ['PUT', '/api/v1/sandbox/inquiries/inq_x'], ['DELETE', '/api/v1/sandbox/anything']] as const) {
        const res = await fetch(`${server.baseUrl}${path}`, { method });
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.equal(res.headers.get('content-type'), 'application/problem+json');
      }
    });

    it('answers another method on the sandbox inquiries path 405 with Allow, as on the real path (RFC 9110 §15.5.6)', async () => {
      for (const prefix of ['/api/v1', '/api/v1/sandbox']) {
        for (const method of ['PUT', 'PATCH', 'DELETE']) {
          const res = await fetch(`${server.baseUrl}${prefix}/inquiries`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
          assert.equal(res.status, 405, `${method} ${prefix}/inquiries`);
          assert.equal(res.headers.get('allow'), 'OPTIONS, POST');
          assert.equal(res.headers.get('content-type'), 'application/problem+json');
        }
      }
    });
  });
});

describe('POST /api/v1/inquiries over PostgreSQL (inquiries written in batches)', { skip: await skipWithoutPostgres() }, () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ dialect: 'postgres', env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());
  const post = (key: string | null, body: unknown = GOOD) =>
    fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body) });

  it('answers a burst of 40 parallel inquiries, 10 of them repeating a key, each with its own receipt or the replay of its key', async () => {
    const before = await server.store.inquiries.count();
    const keys = [...Array.from({ length: 30 }, (_, i) => `burst-${i}`), ...Array.from({ length: 10 }, (_, i) => `burst-${i * 3}`)];
    const responses = await Promise.all(keys.map((k) => post(k, { ...GOOD, message: `A burst inquiry under key ${k}, long enough.` })));
    assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([201]));
    const idOf = new Map<string, string>();
    let replays = 0;
    for (const [i, r] of responses.entries()) {
      const { id } = (await r.json()) as { id: string };
      if (r.headers.get('idempotent-replayed') === 'true') replays += 1;
      if (idOf.has(keys[i]!)) assert.equal(id, idOf.get(keys[i]!), `key ${keys[i]}: one inquiry`);
      else idOf.set(keys[i]!, id);
    }
    assert.equal(replays, 10);
    assert.equal(await server.store.inquiries.count(), before + 30);
    for (const id of idOf.values()) assert.ok(await server.store.inquiries.get(id), `${id} is stored`);
  });

  it('still answers 422 for a key reused with another body, and accepts keyless writes', async () => {
    assert.equal((await post('pg-reused')).status, 201);
    const reused = await post('pg-reused', { ...GOOD, message: 'Another message under the same key entirely.' });
    assert.equal(reused.status, 422);
    assert.equal(((await reused.json()) as Problem).error, 'idempotency_key_reused');
    const [a, b] = await Promise.all([post(null), post(null)]);
    assert.deepEqual([a.status, b.status], [201, 201]);
    assert.notEqual(((await a.json()) as { id: string }).id, ((await b.json()) as { id: string }).id);
  });
});
