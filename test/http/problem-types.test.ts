import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '../../src/lib/errors.js';
import type { Problem } from '../helpers/problem.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** RFC 9457 §3.1.1: a problem's `type` URI, dereferenced, documents the problem for a person. */
describe('problem type URIs resolve to their documentation (RFC 9457 §3.1.1)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ reads: { q: 1000, w: 60 }, register: { q: 1, w: 600 } }) } });
  });
  after(async () => server.close());

  const page = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  it('answers the type of real problems with an HTML page naming the problem, its status and its code', async () => {
    const notFound = (await (await fetch(`${server.baseUrl}/api/v1/projects/no-such-project`)).json()) as Problem;
    const invalid = (await (await fetch(`${server.baseUrl}/api/v1/projects`, { headers: { authorization: 'Bearer nope' } })).json()) as Problem;
    await fetch(`${server.baseUrl}/api/v1/keys`);
    const limited = (await (await fetch(`${server.baseUrl}/api/v1/keys`)).json()) as Problem;
    assert.equal(limited.status, 429);
    for (const [problem, title] of [[notFound, 'Not found'], [invalid, 'Invalid token'], [limited, 'Quota exceeded']] as const) {
      assert.ok(problem.type.startsWith(`${server.baseUrl}/problems/`), problem.type);
      const doc = await page(problem.type);
      assert.equal(doc.status, 200, problem.type);
      assert.equal(doc.type, 'text/html; charset=utf-8');
      assert.match(doc.text, new RegExp(`<h1>${title}</h1>`));
      assert.match(doc.text, new RegExp(`HTTP ${problem.status}\\b`));
      assert.ok(doc.text.includes(`&quot;error&quot;: &quot;${problem.error}&quot;`) || doc.text.includes(`"error": "${problem.error}"`), `names the code ${problem.error}`);
    }
  });

  it('documents every error code the API answers with, each linked from the index', async () => {
    const index = await page(`${server.baseUrl}/problems`);
    assert.equal(index.status, 200);
    for (const code of Object.values(ERROR_CODES)) {
      const slug = code.replace(/_/g, '-');
      assert.ok(index.text.includes(`href="/problems/${slug}"`), `the index links ${slug}`);
      assert.equal((await page(`${server.baseUrl}/problems/${slug}`)).status, 200, slug);
    }
  });

  it('answers an unknown type with the 404 problem', async () => {
    const res = await fetch(`${server.baseUrl}/problems/no-such-type`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.match(((await res.json()) as Problem).detail, /\/problems lists them all/);
  });
});
