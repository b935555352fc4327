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

  it('serves each page as Markdown to an agent: by Accept, and at its .md twin (RFC 9110 §12.5.1)', async () => {
    const get = (path: string, accept?: string) => fetch(`${server.baseUrl}${path}`, accept ? { headers: { accept } } : {});
    for (const path of ['/problems/not-found', '/problems']) {
      for (const [url, accept] of [[path, 'text/markdown'], [`${path}.md`, undefined], [`${path}.md`, 'text/html']] as const) {
        const res = await get(url, accept);
        assert.equal(res.status, 200, `${url} ${accept}`);
        assert.equal(res.headers.get('content-type'), 'text/markdown; charset=utf-8', `${url} ${accept}`);
        assert.equal(res.headers.get('access-control-allow-origin'), url.endsWith('.md') ? '*' : null, url);
        const text = await res.text();
        assert.match(text, /^# /, url);
        assert.match(text, /## Not found|# Not found/, url);
        assert.ok(text.includes(`"type": "${server.baseUrl}/problems/not-found"`), `${url} names the type URI`);
        assert.match(text, /\*\*What to do:\*\* List what exists/, url);
      }
      const html = await get(path, 'text/html,application/xhtml+xml,*/*;q=0.8');
      assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8', path);
      assert.equal(html.headers.get('vary'), 'Accept, Accept-Encoding', path);
      assert.equal((await get(path, 'application/json')).status, 406, path);
    }
    const all = await (await get('/problems.md')).text();
    for (const code of Object.values(ERROR_CODES)) assert.ok(all.includes(`"error": "${code}"`), `the index names ${code}`);
    assert.equal((await get('/problems/no-such-type.md')).status, 404);
  });

  it('answers an unknown type with the 404 problem', async () => {
    const res = await fetch(`${server.baseUrl}/problems/no-such-type`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.match(((await res.json()) as Problem).detail, /\/problems lists them all/);
  });
});
