import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { CODE_REDIRECT, discoverAndRegister, insecure } from '../helpers/code-client.js';
import { consent } from '../helpers/consent.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const REDIRECT = CODE_REDIRECT;

/** What a refused refresh leaves alone, and what a narrowed one binds (RFC 6749 §6, RFC 8707 §2.2, RFC 9700 §4.14.2). */
describe('refresh token rotation through oauth4webapi', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;

  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
    ({ as, client } = await discoverAndRegister(server.baseUrl));
  });
  after(async () => server.close());

  async function tokens(scope: string, exchange: Record<string, string> = {}): Promise<oauth.TokenEndpointResponse> {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state, scope }).toString();
    const params = oauth.validateAuthResponse(as, client, await consent(server.baseUrl, url.href), state);
    return oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, { ...insecure, additionalParameters: exchange }));
  }
  const refresh = (token: string, extra: Record<string, string> = {}) => oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, { ...insecure, additionalParameters: extra });
  const errorOf = async (res: Response) => ({ status: res.status, error: ((await res.json()) as { error: string }).error });
  const readWith = (token: string) => fetch(`${server.baseUrl}/api/v1/projects?limit=1`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

  it('a refused refresh spends nothing: its retry is served, and the grant\'s tokens keep working', async () => {
    const grant = await tokens('catalog:read');
    assert.deepEqual(await errorOf(await refresh(grant.refresh_token!, { scope: 'catalog:read inquiries:write' })), { status: 400, error: 'invalid_scope' });
    assert.deepEqual(await errorOf(await refresh(grant.refresh_token!, { resource: 'https://elsewhere.example/' })), { status: 400, error: 'invalid_target' });
    assert.equal(await readWith(grant.access_token), 200, 'no reuse was detected, so nothing was revoked');
    const retried = await oauth.processRefreshTokenResponse(as, client, await refresh(grant.refresh_token!));
    assert.equal(retried.scope, 'catalog:read');
    assert.equal(await readWith(retried.access_token), 200);
    // Spent now: presenting it again is the reuse that revokes the family.
    assert.deepEqual(await errorOf(await refresh(grant.refresh_token!)), { status: 400, error: 'invalid_grant' });
    assert.equal(await readWith(retried.access_token), 401);
  });

  it('a token sent several times at once (a thief racing the client): the family dies, the racing winner\'s new tokens too (RFC 9700 §4.14.2)', async () => {
    for (let round = 0; round < 3; round++) {
      const grant = await tokens('catalog:read');
      const send = (token: string) => fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: client.client_id }) });
      const answers = await Promise.all(Array.from({ length: 6 }, () => send(grant.refresh_token!)));
      const won = await Promise.all(answers.filter((a) => a.status === 200).map((a) => a.json() as Promise<{ access_token: string; refresh_token: string }>));
      assert.ok(won.length <= 1, 'one refresh at most spends the token');
      assert.ok(answers.every((a) => a.status === 200 || a.status === 400));
      // The reuse that lost the race revoked the family; whatever the winner got is dead with it.
      for (const w of won) {
        assert.equal(await readWith(w.access_token), 401, `round ${round}: the winner's access token`);
        assert.equal((await send(w.refresh_token)).status, 400, `round ${round}: the winner's refresh token`);
      }
      assert.equal(await readWith(grant.access_token), 401);
    }
  });

  it('an access token narrowed to /mcp leaves the refresh token bound to the whole grant (RFC 8707 §2.2)', async () => {
    const grant = await tokens('catalog:read inquiries:write', { resource: `${server.baseUrl}/mcp` });
    assert.equal(await readWith(grant.access_token), 401, 'the narrowed token is for /mcp only');
    const forApi = await oauth.processRefreshTokenResponse(as, client, await refresh(grant.refresh_token!, { resource: server.baseUrl }));
    assert.equal(await readWith(forApi.access_token), 200);
    const unbound = await oauth.processRefreshTokenResponse(as, client, await refresh(forApi.refresh_token!));
    assert.equal(await readWith(unbound.access_token), 200);
  });
});
