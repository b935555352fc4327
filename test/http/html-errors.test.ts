import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import pino from 'pino';
import type { AppEnv } from '../../src/http/env.js';
import { errorHandler, failureReporter } from '../../src/http/responses/errors.js';
import { htmlErrorPages } from '../../src/http/responses/html-errors.js';
import { NotFoundError } from '../../src/lib/errors.js';

function app() {
  const hono = new Hono<AppEnv>();
  hono.use(async (c, next) => {
    c.set('requestId', 'req-123');
    c.set('baseUrl', 'http://v.example');
    await next();
  });
  hono.get('/boom', () => {
    throw new Error('connection to db at 10.0.0.5 failed: password authentication failed');
  });
  hono.get('/api/v1/boom', () => {
    throw new Error('internal detail');
  });
  hono.get('/gone', () => {
    throw new NotFoundError('gone');
  });
  const pages = htmlErrorPages((status, requestId) => `<!doctype html><h1>Error ${status}</h1><p>${requestId}</p>`);
  hono.onError(pages.onError(errorHandler(failureReporter(pino({ level: 'silent' }), Date.now))));
  return hono;
}

const BROWSER = { accept: 'text/html,*/*;q=0.8' };

describe('HTML error pages for browsers, problem+json for programs', () => {
  it('renders a 500 page for a browser without any internal detail', async () => {
    const res = await app().request('/boom', { headers: BROWSER });
    assert.equal(res.status, 500);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'none'/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    assert.match(html, /Error 500/);
    assert.match(html, /req-123/, 'the request id helps support find the log line');
    assert.doesNotMatch(html, /password|10\.0\.0\.5/);
  });

  it('keeps the 500 a problem for API paths and for clients that prefer JSON', async () => {
    const api = await app().request('/api/v1/boom', { headers: BROWSER });
    assert.equal(api.headers.get('content-type'), 'application/problem+json');
    const json = await app().request('/boom', { headers: { accept: 'application/json' } });
    assert.equal(json.headers.get('content-type'), 'application/problem+json');
    assert.doesNotMatch(await json.text(), /password/);
  });

  it('renders domain 404s thrown by page routes as HTML for browsers', async () => {
    const res = await app().request('/gone', { headers: BROWSER });
    assert.equal(res.status, 404);
    assert.match(await res.text(), /Error 404/);
  });
});
