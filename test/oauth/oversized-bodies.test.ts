import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/server.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const LIMIT = 2048;

// RFC 9110 §15.5.14 (413) on the authorization server's endpoints, in RFC 6749 §5.2's JSON as
// every other error there: an OAuth client reads the refusal as it reads any other.
describe('a body over BODY_LIMIT_BYTES on the OAuth endpoints', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;

  before(async () => {
    server = await startTestServer({ demo: false, env: { BODY_LIMIT_BYTES: String(LIMIT) } });
    const issuer = new URL(server.baseUrl);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  });
  after(async () => server.close());

  it('is a 413 with an invalid_request error document, no-store, metered', async () => {
    const cases: [string, string, string][] = [
      ['/oauth/token', 'application/x-www-form-urlencoded', `grant_type=client_credentials&client_id=vt_client_x&pad=${'x'.repeat(LIMIT)}`],
      ['/oauth/token', 'application/json', JSON.stringify({ grant_type: 'client_credentials', pad: 'x'.repeat(LIMIT) })],
      ['/oauth/register', 'application/json', JSON.stringify({ client_name: 'x'.repeat(LIMIT) })],
      ['/oauth/revoke', 'application/x-www-form-urlencoded', `token=${'x'.repeat(LIMIT)}`],
    ];
    for (const [path, type, body] of cases) {
      const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
      assert.equal(res.status, 413, path);
      assert.equal(res.headers.get('content-type'), 'application/json', path);
      assert.equal(res.headers.get('cache-control'), 'no-store', path);
      assert.ok(res.headers.get('ratelimit'), `${path}: metered like any request`);
      const error = (await res.json()) as { error: string; error_description: string };
      assert.equal(error.error, 'invalid_request', path);
      assert.match(error.error_description, new RegExp(`limited to ${LIMIT} bytes`), path);
    }
  });

  it('reaches a standard OAuth client as an OAuth error', async () => {
    const client = { client_id: 'x'.repeat(LIMIT) };
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.None(), {}, insecure);
    await assert.rejects(oauth.processClientCredentialsResponse(as, client, response), (error: unknown) => {
      assert.ok(error instanceof oauth.ResponseBodyError, String(error));
      assert.equal(error.error, 'invalid_request');
      assert.equal(error.status, 413);
      return true;
    });
  });

  it('leaves the API its problem document', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(LIMIT) }) });
    assert.equal(res.status, 413);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
  });
});
