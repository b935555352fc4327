import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { ticketOf } from '../helpers/consent.js';
import { FormClient } from '../helpers/form-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * RFC 8252 §7.1 (Appendix A: "support private-use URI scheme redirect URIs"): native MCP clients
 * register their own scheme (Cursor's `cursor://…`, `com.example.app:/…`) and get the code there;
 * the consent page names that app's scheme and warns that only this device receives the answer.
 */
describe('native apps: private-use scheme redirect URIs (RFC 8252 §7.1)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  const register = async (redirect_uris: string[]) =>
    fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Native App', application_type: 'native', redirect_uris, grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none' }) });

  it('registers reverse-domain and simple private-use schemes; refuses the schemes a browser handles itself', async () => {
    assert.equal((await register(['com.example.app:/oauth2redirect', 'cursor://anysphere.cursor-retrieval/oauth/user-mcp/callback'])).status, 201);
    for (const uri of ['javascript:alert(1)//', 'data:text/html,hi', 'file:///etc/passwd', 'ws://a.example/cb', 'mailto:a@example.com']) {
      const res = await register([uri]);
      assert.equal(res.status, 400, uri);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_redirect_uri', uri);
    }
  });

  it('a code goes to cursor://…; the consent page names the app\'s scheme, warns, and lets the form redirect there (CSP form-action)', async () => {
    const redirect = 'cursor://anysphere.cursor-retrieval/oauth/user-mcp/callback';
    const { client_id } = (await (await register([redirect])).json()) as { client_id: string };
    const verifier = oauth.generateRandomCodeVerifier();
    const query = new URLSearchParams({ response_type: 'code', client_id, redirect_uri: redirect, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 'st8' });
    const person = new FormClient(server.baseUrl);
    const page = await person.get(`/oauth/authorize?${query}`);
    assert.equal(page.status, 200, person.html.slice(0, 300));
    assert.match(page.headers.get('content-security-policy')!, /form-action 'self' cursor:(;|$)/);
    assert.match(person.html, /Afterwards you return to the app that opens <strong>cursor:<\/strong> links on this device\./);
    assert.match(person.html, /<p class="notice"><strong>Allow only if you started this just now<\/strong>/);

    const decided = await person.post('/oauth/authorize', { ticket: ticketOf(person.html), action: 'anonymous' });
    assert.equal(decided.status, 303);
    const back = new URL(decided.headers.get('location')!);
    assert.equal(`${back.protocol}//${back.host}${back.pathname}`, redirect);
    assert.equal(back.searchParams.get('state'), 'st8');
    assert.equal(back.searchParams.get('iss'), server.baseUrl);
    const token = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: redirect, code_verifier: verifier, client_id }) });
    assert.equal(token.status, 200, await token.clone().text());
    assert.match(((await token.json()) as { access_token: string }).access_token, /^vt_at_/);
  });

  it('a loopback redirect is named as a program on this computer, with the same warning; an https one without it', async () => {
    for (const [redirect, local] of [['http://127.0.0.1:9/callback', true], ['https://app.example/cb', false]] as const) {
      const { client_id } = (await (await register([redirect])).json()) as { client_id: string };
      const query = new URLSearchParams({ response_type: 'code', client_id, redirect_uri: redirect, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' });
      const person = new FormClient(server.baseUrl);
      assert.equal((await person.get(`/oauth/authorize?${query}`)).status, 200);
      const host = new URL(redirect).host;
      if (local) assert.match(person.html, new RegExp(`Afterwards you return to <strong>${host.replace(/\./g, '\\.')}</strong>, a program on this computer\\.`));
      else assert.match(person.html, new RegExp(`Afterwards you return to <strong>${host.replace(/\./g, '\\.')}</strong>\\.`));
      assert.equal(/Allow only if you started this just now/.test(person.html), local, redirect);
    }
  });
});
