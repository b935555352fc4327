import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseCatalog } from '../../src/catalog/catalog-file.js';
import { ValidationError } from '../../src/lib/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Problem } from '../helpers/problem.js';

/** zod's own English, which must never reach a person. */
const ZOD_WORDING = /Too (small|big)|expected \w+ to|Invalid (input|option|string|email)|>=|<=|received/;

describe('validation messages speak with one voice and name the field', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('the inquiry form asks for an empty email address instead of calling it invalid', async () => {
    const form = await (await fetch(`${server.baseUrl}/inquire`)).text();
    const token = /name="form_token" value="([^"]+)"/.exec(form)![1]!;
    const res = await fetch(`${server.baseUrl}/inquire`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: server.baseUrl },
      body: new URLSearchParams({ name: 'Ada', email: '', message: 'Hi', form_token: token }).toString(),
    });
    assert.equal(res.status, 422);
    const html = await res.text();
    assert.match(html, /Enter your email address\./);
    assert.doesNotMatch(html, /must be an email address/);
    assert.match(html, /Message must be at least 10 characters\./);
    const malformed = await fetch(`${server.baseUrl}/inquire`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: server.baseUrl },
      body: new URLSearchParams({ name: 'Ada', email: 'ada@', message: 'A long enough message.', form_token: token }).toString(),
    });
    assert.match(await malformed.text(), /Enter an email address like name@example\.com\./);
  });

  it('the API names each field with a short phrase, never zod\'s wording', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ' ', message: 'x'.repeat(5001), project_slugs: 'atlas', budget: 5 }),
    });
    assert.equal(res.status, 400);
    const problem = (await res.json()) as Problem;
    assert.deepEqual(problem.errors, [
      { path: 'name', message: 'is required' },
      { path: 'email', message: 'is required' },
      { path: 'message', message: 'must be at most 5000 characters' },
      { path: 'project_slugs', message: 'must be a list of project slugs' },
      { path: 'budget', message: 'must be text' },
    ]);
    // A required field of the wrong type is named as such, not as missing.
    const wrongType = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 1, email: 'ada@example.com', message: ['x'] }) });
    assert.deepEqual(((await wrongType.json()) as Problem).errors, [
      { path: 'name', message: 'must be text' },
      { path: 'message', message: 'must be text' },
    ]);
    const query = (await (await fetch(`${server.baseUrl}/api/v1/projects?limit=500&sort=size`)).json()) as Problem;
    for (const e of query.errors ?? []) assert.doesNotMatch(e.message, ZOD_WORDING, `${e.path}: ${e.message}`);
    assert.ok((query.errors?.length ?? 0) >= 2, JSON.stringify(query.errors));
    // One-line fields hold no line breaks: a name could otherwise forge lines of the notification.
    const forged = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Eve\r\nBcc: x@y.example', email: 'eve@example.com', message: 'Two lines\nare fine here.', budget: '10k\nFrom: x' }) });
    assert.deepEqual(((await forged.json()) as Problem).errors, [
      { path: 'name', message: 'must be on one line' },
      { path: 'budget', message: 'must be on one line' },
    ]);
    // Unicode's line breaks too (U+2028, U+2029, NEL): mail clients and viewers break lines at them.
    const unicodeBreaks = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Eve\u2028Email: ceo@studio.example', email: 'eve@example.com', company: 'Acme\u0085Ltd', message: 'Two lines\nare fine here.', timeline: 'soon\u2029Budget: 1M' }) });
    assert.deepEqual(((await unicodeBreaks.json()) as Problem).errors, [
      { path: 'name', message: 'must be on one line' },
      { path: 'company', message: 'must be on one line' },
      { path: 'timeline', message: 'must be on one line' },
    ]);
    // A parameter given twice is named as such, not as the wrong type; the others keep theirs.
    const twice = (await (await fetch(`${server.baseUrl}/api/v1/projects?limit=5&limit=6&tag=a&tag=b&year=1800`)).json()) as Problem;
    assert.deepEqual(twice.errors, [
      { path: 'query.tag', message: 'must be given once' },
      { path: 'query.year', message: 'must be 1970 or more' },
      { path: 'query.limit', message: 'must be given once' },
    ]);
  });

  it('import errors name the record and the field, in the same words', () => {
    try {
      parseCatalog({
        projects: [
          { slug: 'ok', title: '', summary: 'x'.repeat(281), industry: 'retail', year: 1900 },
          { slug: 'two', summary: 'ok', industry: 'retail', year: 'recent', tags: ['UPPER'], url: 'ftp//x' },
        ],
      });
      assert.fail('the file is invalid');
    } catch (error) {
      assert.ok(error instanceof ValidationError);
      const lines = (error.errors ?? []).map((e) => `${e.path} ${e.message}`);
      for (const expected of [
        'projects[0] (slug "ok").title is required',
        'projects[0] (slug "ok").summary must be at most 280 characters',
        'projects[0] (slug "ok").year must be 1970 or more',
        'projects[1] (slug "two").title is required',
        'projects[1] (slug "two").year must be a number',
      ]) {
        assert.ok(lines.includes(expected), `${expected}\nin:\n${lines.join('\n')}`);
      }
      for (const line of lines) assert.doesNotMatch(line, ZOD_WORDING, line);
    }
  });
});
