import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { claimRequests } from '../helpers/claim.js';
import { createTestIssuer, type TestIssuer } from '../helpers/issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerClient } from '../helpers/tokens.js';

const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

/**
 * /oauth/claim rules from the ID-JAG draft's processing rules and RFC 6749 §5.2, beside the
 * per-check list of claim.test.ts: what a refused request spends, and which ID-JAGs are refused.
 */
describe('POST /oauth/claim: draft-ietf-oauth-identity-assertion-authz-grant processing rules', () => {
  let server: TestServer;
  let idp: TestIssuer;
  let clientId: string;
  const { claim, emailAssertion, idJag, assertRejected } = claimRequests(() => ({ server, idp, clientId }));

  before(async () => {
    idp = await createTestIssuer('https://idp.example.test');
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false', TRUSTED_ISSUERS: JSON.stringify([idp.trustEntry()]) } });
    clientId = await registerClient(server.baseUrl);
  });
  after(async () => server.close());

  it('a request refused for its scope (invalid_scope) spends nothing: the same assertion is then redeemed (RFC 6749 §5.2)', async () => {
    const email = await emailAssertion();
    const unknown = await claim({ assertion: email, scope: 'admin' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error, 'invalid_scope');
    const retried = await claim({ assertion: email });
    assert.equal(retried.status, 200, JSON.stringify(retried.body));

    const jag = await idJag({ scope: 'sandbox:write' });
    const beyond = await claim({ assertion: jag, scope: 'inquiries:write' });
    assert.equal(beyond.body.error, 'invalid_scope');
    const narrowed = await claim({ assertion: jag });
    assert.equal(narrowed.status, 200, JSON.stringify(narrowed.body));
    assert.equal(narrowed.body.scope, 'sandbox:write');
  });

  it('an ID-JAG whose aud array names another audience beside this server (draft-ietf-oauth-identity-assertion-authz-grant: an array holds exactly one element, our issuer)', async () => {
    await assertRejected({ assertion_type: ID_JAG, assertion: await idJag({ aud: [server.baseUrl, 'https://other.example'] }), client_id: clientId }, /audience/);
    const single = await claim({ assertion_type: ID_JAG, assertion: await idJag({ aud: [server.baseUrl] }), client_id: clientId });
    assert.equal(single.status, 200, `a one-element array naming this server is accepted: ${JSON.stringify(single.body)}`);
  });

  it('an ID-JAG bound to a key (cnf.jkt): this server checks no DPoP proof, so it refuses rather than serve it as a plain bearer (draft-ietf-oauth-identity-assertion-authz-grant, "ID-JAG Contains cnf Claim but DPoP Proof is Not Presented")', async () => {
    const bound = await idJag({ cnf: { jkt: '0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I' } });
    await assertRejected({ assertion_type: ID_JAG, assertion: bound, client_id: clientId }, /cnf/);
  });
});
