import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { CODE_REDIRECT, discoverAndRegister, insecure } from '../helpers/code-client.js';
import { consent, ticketOf } from '../helpers/consent.js';
import { FormClient } from '../helpers/form-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const REDIRECT = CODE_REDIRECT;

describe('authorization code with PKCE (RFC 6749 §4.1, RFC 7636, RFC 9207) through oauth4webapi', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;

  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
    ({ as, client } = await discoverAndRegister(server.baseUrl, { logo_uri: 'https://desk.example/logo.png' }));
  });
  after(async () => server.close());

  async function authorizationUrl(extra: Record<string, string> = {}): Promise<{ url: URL; verifier: string; state: string }> {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state, scope: 'catalog:read inquiries:write', ...extra }).toString();
    return { url, verifier, state };
  }

  async function codeFlow(extra: Record<string, string> = {}) {
    const { url, verifier, state } = await authorizationUrl(extra);
    const back = await consent(server.baseUrl, url.href);
    const params = oauth.validateAuthResponse(as, client, back, state);
    return { params, verifier };
  }

  const mcpToolsList = (token: string) =>
    fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}`, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('RFC 8414 §2 metadata: authorization endpoint, code only, S256 only, iss, client ID metadata documents', () => {
    assert.equal(as.authorization_endpoint, `${server.baseUrl}/oauth/authorize`);
    assert.deepEqual(as.response_types_supported, ['code']);
    assert.deepEqual(as.code_challenge_methods_supported, ['S256']);
    assert.equal(as.authorization_response_iss_parameter_supported, true);
    assert.equal((as as Record<string, unknown>).client_id_metadata_document_supported, true);
    for (const g of ['authorization_code', 'refresh_token', 'client_credentials']) assert.ok(as.grant_types_supported?.includes(g), g);
  });

  it('RFC 7591 §3.2.1: registration echoes redirect_uris, grant types and logo_uri', () => {
    assert.deepEqual(client.redirect_uris, [REDIRECT]);
    assert.deepEqual(client.grant_types, ['authorization_code', 'refresh_token']);
    assert.deepEqual(client.response_types, ['code']);
    assert.equal(client.logo_uri, 'https://desk.example/logo.png');
  });

  it('code → token → refresh → revoke, with iss validated by validateAuthResponse (RFC 9207)', async () => {
    const { params, verifier } = await codeFlow();
    const token = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure));
    assert.equal(token.scope, 'catalog:read inquiries:write');
    assert.match(token.refresh_token!, /^vt_rt_/);
    assert.equal((await mcpToolsList(token.access_token)).status, 200);

    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token.refresh_token!, insecure));
    assert.notEqual(refreshed.refresh_token, token.refresh_token, 'RFC 9700 §4.14.2: rotated');
    assert.equal((await mcpToolsList(refreshed.access_token)).status, 200);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure));
    assert.equal((await mcpToolsList(refreshed.access_token)).status, 401, 'RFC 7009 §2.1: revoking the refresh token ends its access tokens');
    await assert.rejects(oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure).then((r) => oauth.processRefreshTokenResponse(as, client, r)), (e: oauth.ResponseBodyError) => e.error === 'invalid_grant');
  });

  it('validateAuthResponse refuses a response whose iss is another issuer', async () => {
    const { url, state } = await authorizationUrl();
    const back = await consent(server.baseUrl, url.href);
    back.searchParams.set('iss', 'https://evil.example');
    assert.throws(() => oauth.validateAuthResponse(as, client, back, state), (e: Error & { code?: string }) => e.code === oauth.JWT_CLAIM_COMPARISON || /iss/.test(e.message));
  });

  it('RFC 7636 §4.6: a wrong code_verifier is invalid_grant', async () => {
    const { params } = await codeFlow();
    const wrong = oauth.generateRandomCodeVerifier();
    await assert.rejects(oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, wrong, insecure).then((r) => oauth.processAuthorizationCodeResponse(as, client, r)), (e: oauth.ResponseBodyError) => e.error === 'invalid_grant');
  });

  it('RFC 6749 §4.1.3: redirect_uri is required at the token endpoint when the authorization request named it', async () => {
    const tokenRequest = (code: string, verifier: string, redirect?: string) =>
      fetch(as.token_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: verifier, ...(redirect ? { redirect_uri: redirect } : {}) }),
      });
    const named = await codeFlow();
    const refused = await tokenRequest(named.params.get('code')!, named.verifier);
    assert.equal(refused.status, 400);
    const body = (await refused.json()) as { error: string; error_description: string };
    assert.equal(body.error, 'invalid_request');
    assert.match(body.error_description, /redirect_uri/);

    // The client registered one redirect URI, so the authorization request may leave it out (§3.1.2.3); then so may the token request.
    const { url, verifier, state } = await authorizationUrl();
    url.searchParams.delete('redirect_uri');
    const params = oauth.validateAuthResponse(as, client, await consent(server.baseUrl, url.href), state);
    const ok = await tokenRequest(params.get('code')!, verifier);
    assert.equal(ok.status, 200);
  });

  it('RFC 6749 §4.1.2: a replayed code is invalid_grant and revokes the tokens of its first use', async () => {
    const { params, verifier } = await codeFlow();
    const first = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure));
    assert.equal((await mcpToolsList(first.access_token)).status, 200);
    await assert.rejects(oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure).then((r) => oauth.processAuthorizationCodeResponse(as, client, r)), (e: oauth.ResponseBodyError) => e.error === 'invalid_grant');
    assert.equal((await mcpToolsList(first.access_token)).status, 401, 'the first access token is revoked');
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, insecure);
    assert.equal(refresh.status, 400, 'and its refresh token');
  });

  it('RFC 6749 §4.1.2 under a race: a code redeemed several times at once leaves no live token', async () => {
    for (let round = 0; round < 3; round++) {
      const { params, verifier } = await codeFlow();
      const redeem = () => fetch(as.token_endpoint!, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', client_id: client.client_id, code: params.get('code')!, code_verifier: verifier, redirect_uri: REDIRECT }) });
      const answers = await Promise.all(Array.from({ length: 6 }, redeem));
      const won = await Promise.all(answers.filter((a) => a.status === 200).map((a) => a.json() as Promise<{ access_token: string; refresh_token: string }>));
      assert.ok(won.length <= 1, 'one redemption at most');
      for (const w of won) {
        assert.equal((await mcpToolsList(w.access_token)).status, 401, `round ${round}: the winner's access token is revoked`);
        assert.equal((await oauth.refreshTokenGrantRequest(as, client, oauth.None(), w.refresh_token, insecure)).status, 400, `round ${round}: and its refresh token`);
      }
    }
  });

  it('RFC 6749 §4.1.2: a code older than 60 s is invalid_grant', async () => {
    const { params, verifier } = await codeFlow();
    server.clock.advance(61_000);
    const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure);
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: string }).error, 'invalid_grant');
  });

  it('RFC 9700 §4.14.2: reusing a rotated refresh token revokes the whole family', async () => {
    const { params, verifier } = await codeFlow();
    const token = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure));
    const second = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token.refresh_token!, insecure));
    const reuse = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token.refresh_token!, insecure);
    assert.equal(reuse.status, 400);
    assert.equal(((await reuse.json()) as { error: string }).error, 'invalid_grant');
    assert.equal((await mcpToolsList(second.access_token)).status, 401, 'the newest access token of the family is revoked');
    const next = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), second.refresh_token!, insecure);
    assert.equal(next.status, 400, 'and the newest refresh token');
  });

  it('RFC 9700 §2.1.1: plain PKCE and missing PKCE are invalid_request at the redirect URI', async () => {
    for (const extra of [{ code_challenge_method: 'plain', code_challenge: oauth.generateRandomCodeVerifier() }, { code_challenge_method: '', code_challenge: '' }]) {
      const { url, state } = await authorizationUrl(extra);
      const res = await fetch(url, { redirect: 'manual' });
      assert.equal(res.status, 302);
      const back = new URL(res.headers.get('location')!);
      assert.equal(back.origin + back.pathname, REDIRECT);
      assert.equal(back.searchParams.get('error'), 'invalid_request');
      assert.equal(back.searchParams.get('state'), state);
      assert.equal(back.searchParams.get('iss'), server.baseUrl);
    }
  });

  it('RFC 6749 §4.1.2.1: an unregistered redirect_uri is shown on a page, never redirected to', async () => {
    const { url } = await authorizationUrl({ redirect_uri: 'https://attacker.example/steal' });
    const res = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('location'), null);
    assert.match(res.headers.get('content-type')!, /^text\/html/);
    assert.match(await res.text(), /not one the application registered/);
  });

  it('RFC 8252 §7.3: a loopback redirect URI matches on any port', async () => {
    const { url, state } = await authorizationUrl({ redirect_uri: 'http://127.0.0.1:54321/callback' });
    const back = await consent(server.baseUrl, url.href);
    assert.equal(back.origin, 'http://127.0.0.1:54321');
    assert.equal(back.searchParams.get('state'), state);
    assert.ok(back.searchParams.get('code'));
  });

  it('RFC 6749 §4.1.2.1: deny answers access_denied with state and iss', async () => {
    const { url, state } = await authorizationUrl();
    const back = await consent(server.baseUrl, url.href, 'deny');
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('state'), state);
    assert.equal(back.searchParams.get('iss'), server.baseUrl);
  });

  it('one consent, one code: the same decision sent again (a reload, a replayed POST) is refused', async () => {
    for (const action of ['anonymous', 'deny'] as const) {
      const { url } = await authorizationUrl();
      const person = new FormClient(server.baseUrl);
      await person.get(url.pathname + url.search);
      const ticket = ticketOf(person.html);
      const first = await person.post('/oauth/authorize', { ticket, action });
      assert.equal(first.status, 303, action);
      const again = await person.post('/oauth/authorize', { ticket, action: 'anonymous' });
      assert.equal(again.status, 400, `${action}, then the same ticket again`);
      assert.equal(again.headers.get('location'), null, 'no second code');
      assert.match(person.html, /already answered/);
    }
  });

  it('the consent page: CSRF-protected, never framed, names the client, its return host and the scopes', async () => {
    const { url } = await authorizationUrl();
    const person = new FormClient(server.baseUrl);
    const page = await person.get(url.pathname + url.search);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
    assert.match(page.headers.get('content-security-policy')!, /form-action 'self' http:\/\/127\.0\.0\.1:9/);
    assert.equal(page.headers.get('cache-control'), 'no-store');
    assert.equal(page.headers.get('access-control-allow-origin'), null, 'a page for the person, not readable by other origins');
    assert.match(person.html, /Desk App/);
    assert.match(person.html, /127\.0\.0\.1:9/);
    assert.match(person.html, /Send inquiries to the studio for you/);
    assert.doesNotMatch(person.html, /Rehearse inquiries/, 'only the requested scopes');
    const ticket = /name="ticket" value="([^"]+)"/.exec(person.html)![1]!;
    const forged = await person.post('/oauth/authorize', { ticket, action: 'anonymous', _csrf: 'not-the-token' });
    assert.equal(forged.status, 403);
    assert.equal(forged.headers.get('location'), null);
    const altered = await person.post('/oauth/authorize', { ticket: ticket.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')), action: 'anonymous' });
    assert.equal(altered.status, 400);
  });

  describe('RFC 8707 resource indicators', () => {
    it('§2: an unknown resource is invalid_target at the redirect URI', async () => {
      const { url } = await authorizationUrl({ resource: 'https://elsewhere.example/api' });
      const res = await fetch(url, { redirect: 'manual' });
      assert.equal(res.status, 302);
      assert.equal(new URL(res.headers.get('location')!).searchParams.get('error'), 'invalid_target');
    });

    it('a token for the API is refused by /mcp with the MCP challenge; one for /mcp is served; one without resource works at both', async () => {
      const forApi = await codeFlow({ resource: server.baseUrl });
      const apiToken = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), forApi.params, REDIRECT, forApi.verifier, insecure));
      const refused = await mcpToolsList(apiToken.access_token);
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('www-authenticate'), `Bearer error="invalid_token", scope="catalog:read inquiries:write sandbox:write", resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/mcp"`);

      const forMcp = await codeFlow({ resource: `${server.baseUrl}/mcp` });
      const mcpToken = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), forMcp.params, REDIRECT, forMcp.verifier, { ...insecure, additionalParameters: { resource: `${server.baseUrl}/mcp` } }));
      assert.equal((await mcpToolsList(mcpToken.access_token)).status, 200);
      const viaApi = await fetch(`${server.baseUrl}/api/v1/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${mcpToken.access_token}` },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A token for /mcp used at the API.' }),
      });
      assert.equal(viaApi.status, 401, 'the API accepts only tokens for itself');

      const unbound = await codeFlow();
      const token = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), unbound.params, REDIRECT, unbound.verifier, insecure));
      assert.equal((await mcpToolsList(token.access_token)).status, 200);
    });

    it('§2.2: a token request naming another resource than the authorization request is invalid_target', async () => {
      const { params, verifier } = await codeFlow({ resource: `${server.baseUrl}/mcp` });
      const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, { ...insecure, additionalParameters: { resource: server.baseUrl } });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_target');
    });
  });
});
