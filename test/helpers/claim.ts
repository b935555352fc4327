import assert from 'node:assert/strict';
import { postForm, type TestIssuer } from './issuer.js';
import type { TestServer } from './server.js';

/**
 * The /oauth/claim calls and assertions the claim tests share, for the server, the trusted IdP
 * and the registered client a suite's `before` sets up (read when called, not when made).
 */
export function claimRequests(suite: () => { server: TestServer; idp: TestIssuer; clientId: string }) {
  const now = () => suite().server.clock.now();
  const claim = (form: Record<string, string>) => postForm(`${suite().server.baseUrl}/oauth/claim`, form);
  const emailAssertion = (extra: Record<string, unknown> = {}, options: Parameters<TestIssuer['sign']>[1] = { nowMs: now() }) =>
    suite().idp.sign({ aud: suite().server.baseUrl, sub: 'u-1', email: 'ada@example.com', email_verified: true, ...extra }, options);
  const idJag = (extra: Record<string, unknown> = {}, options: Partial<Parameters<TestIssuer['sign']>[1]> = {}) =>
    suite().idp.sign({ aud: suite().server.baseUrl, sub: 'u-42', client_id: suite().clientId, ...extra }, { nowMs: now(), typ: 'oauth-id-jag+jwt', ...options });
  /** The claim is refused with invalid_grant naming `mentions`, and issues nothing. */
  async function assertRejected(form: Record<string, string>, mentions: RegExp): Promise<void> {
    const res = await claim(form);
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'invalid_grant');
    assert.match(String(res.body.error_description), mentions);
    assert.equal(res.body.access_token, undefined);
    assert.equal(res.headers.get('cache-control'), 'no-store');
  }
  return { now, claim, emailAssertion, idJag, assertRejected };
}
