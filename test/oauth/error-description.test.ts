import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { wireDescription } from '../../src/oauth/oauth-error.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerClient } from '../helpers/tokens.js';

/** RFC 6749 §5.2 (NQSCHAR): %x20-21 / %x23-5B / %x5D-7E, printable ASCII without `"` and `\`. */
const NQSCHAR = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

describe('error_description stays within RFC 6749 §5.2\'s characters', () => {
  it('brings a message written for people into the set, keeping what it says', () => {
    assert.equal(wireDescription('Unknown scope "admin"; see RFC 6749 §3.3 — or §5.2…'), "Unknown scope 'admin'; see RFC 6749 section 3.3 - or section 5.2...");
    assert.equal(wireDescription('a\\b\tc\u0001 \uFFFD'), 'a/b c? ?');
    for (const text of ['"', '\\', '§', '\u00e9', '\u{1F600}', '\n', '\u007f']) assert.match(wireDescription(`x${text}y`), NQSCHAR, JSON.stringify(text));
  });

  describe('over HTTP', () => {
    let server: TestServer;
    let client: string;
    before(async () => {
      server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
      client = await registerClient(server.baseUrl);
    });
    after(async () => server.close());

    const form = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });

    it('on the token, revocation, registration and claim endpoints, and in the Basic challenge', async () => {
      const answers = [
        await form('/oauth/token', `grant_type=client_credentials&client_id=${client}&scope=admin`),
        await form('/oauth/token', `grant_type=client_credentials&client_id=${client}&scope=%FF`),
        await form('/oauth/token', 'grant_type=client_credentials', { authorization: `Basic ${Buffer.from('%ZZ:%ZZ').toString('base64')}` }),
        await form('/oauth/token', `grant_type=client_credentials&client_id=${client}&client_id=${client}`),
        await form('/oauth/revoke', 'token=a&token=b'),
        await form('/oauth/claim', 'assertion=not.a.jwt'),
        await fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://a.example/cb#f'] }) }),
      ];
      const quoting = [];
      for (const res of answers) {
        assert.ok(res.status >= 400, `${res.url}: ${res.status}`);
        const body = (await res.json()) as { error: string; error_description: string };
        assert.match(body.error_description, NQSCHAR, `${res.url}: ${body.error_description}`);
        quoting.push(body.error_description);
        const challenge = res.headers.get('www-authenticate');
        if (challenge !== null) assert.match(challenge.match(/error_description="([^"]*)"/)?.[1] ?? '', NQSCHAR);
      }
      // The value is still named, in apostrophes, and the section still cited.
      assert.match(quoting[0]!, /'admin'/);
      assert.match(quoting[2]!, /RFC 6749 section 2\.3\.1/);
    });
  });
});
