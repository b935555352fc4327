import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRequire } from 'node:module';
import { ConfigError, parseConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Robots {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
  getSitemaps(): string[];
}
// robots-parser is CommonJS whose typings declare no callable default under NodeNext.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, contents: string) => Robots;

/** robots.txt as a crawler reads it (RFC 9309, through robots-parser), plus its Content-Signal lines. */
async function robots(server: TestServer) {
  const res = await fetch(`${server.baseUrl}/robots.txt`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
  const text = await res.text();
  return { text, parsed: robotsParser(`${server.baseUrl}/robots.txt`, text), signals: [...new Set(text.match(/^Content-Signal: .+$/gm) ?? [])] };
}

describe('/robots.txt: Content Signals and the well-known AI crawlers (RFC 9309)', () => {
  describe('without CONTENT_SIGNALS', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ demo: false });
    });
    after(() => server.close());

    it('signals search=yes, ai-input=yes, ai-train=no in every group', async () => {
      const { text, signals } = await robots(server);
      assert.deepEqual(signals, ['Content-Signal: search=yes, ai-input=yes, ai-train=no']);
      const groups = text.split(/\n\n+/).filter((g) => /^User-agent:/m.test(g));
      assert.ok(groups.length >= 4);
      for (const group of groups) assert.match(group, /^Content-Signal: /m, group.split('\n')[0]);
    });

    it('keeps /admin and /inquire out of every crawler, generic or AI', async () => {
      const { parsed } = await robots(server);
      for (const agent of ['Googlebot', 'GPTBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'PerplexityBot', 'OAI-SearchBot', 'CCBot']) {
        assert.equal(parsed.isAllowed(`${server.baseUrl}/admin`, agent), false, `${agent} /admin`);
        assert.equal(parsed.isAllowed(`${server.baseUrl}/admin/inbox`, agent), false, `${agent} /admin/inbox`);
        assert.equal(parsed.isAllowed(`${server.baseUrl}/inquire`, agent), false, `${agent} /inquire`);
      }
    });

    it('names training crawlers and keeps them out (ai-train=no); answer agents and AI search may read the catalog', async () => {
      const { text, parsed } = await robots(server);
      for (const agent of ['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot', 'Applebot-Extended']) {
        assert.match(text, new RegExp(`^User-agent: ${agent}$`, 'm'));
        assert.equal(parsed.isAllowed(`${server.baseUrl}/projects/atlas`, agent), false, agent);
      }
      for (const agent of ['ChatGPT-User', 'Claude-User', 'OAI-SearchBot', 'PerplexityBot', 'Googlebot']) {
        assert.equal(parsed.isAllowed(`${server.baseUrl}/projects/atlas`, agent), true, agent);
        assert.equal(parsed.isAllowed(`${server.baseUrl}/llms.txt`, agent), true, agent);
      }
      assert.deepEqual(parsed.getSitemaps(), [`${server.baseUrl}/sitemap.xml`]);
    });
  });

  describe('with CONTENT_SIGNALS', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ demo: false, env: { CONTENT_SIGNALS: 'ai-train=yes, ai-input=no' } });
    });
    after(() => server.close());

    it('publishes the configured signals and lets the crawlers follow them', async () => {
      const { parsed, signals } = await robots(server);
      assert.deepEqual(signals, ['Content-Signal: search=yes, ai-input=no, ai-train=yes'], 'search keeps its default');
      assert.equal(parsed.isAllowed(`${server.baseUrl}/projects/atlas`, 'GPTBot'), true);
      assert.equal(parsed.isAllowed(`${server.baseUrl}/admin`, 'GPTBot'), false);
      assert.equal(parsed.isAllowed(`${server.baseUrl}/projects/atlas`, 'ChatGPT-User'), false);
      assert.equal(parsed.isAllowed(`${server.baseUrl}/projects/atlas`, 'OAI-SearchBot'), true);
    });
  });

  it('refuses a bad CONTENT_SIGNALS value, naming the variable', () => {
    for (const value of ['ai-train=maybe', 'training=no', 'search']) {
      assert.throws(() => parseConfig({ CONTENT_SIGNALS: value }), (error: unknown) => error instanceof ConfigError && error.message.startsWith('CONTENT_SIGNALS:'), value);
    }
    assert.deepEqual(parseConfig({}).contentSignals, { search: true, aiInput: true, aiTrain: false });
    assert.deepEqual(parseConfig({ CONTENT_SIGNALS: 'SEARCH=no' }).contentSignals, { search: false, aiInput: true, aiTrain: false });
  });
});
