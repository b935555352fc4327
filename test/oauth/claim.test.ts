import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { credentialKey } from '../../src/oauth/tokens.js';
import { claimRequests } from '../helpers/claim.js';
import { createTestIssuer, unsignedJwt, type TestIssuer } from '../helpers/issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerClient } from '../helpers/tokens.js';

const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

describe('POST /oauth/claim (identity_assertion method)', () => {
  let server: TestServer;
  let idp: TestIssuer;
  let stranger: TestIssuer;
  let emailOnly: TestIssuer;
  let clientId: string;
  const { now, claim, emailAssertion, idJag, assertRejected } = claimRequests(() => ({ server, idp, clientId }));

  before(async () => {
    idp = await createTestIssuer('https://idp.example.test');
    stranger = await createTestIssuer('https://evil.example.test');
    emailOnly = await createTestIssuer('https://mail.example.test');
    server = await startTestServer({
      demo: false,
      env: { RATE_LIMITS_ENABLED: 'false', TRUSTED_ISSUERS: JSON.stringify([idp.trustEntry(), emailOnly.trustEntry(['verified_email'])]) },
    });
    clientId = await registerClient(server.baseUrl);
  });
  after(async () => server.close());

  describe('accepts valid assertions', () => {
    it('exchanges a verified-email assertion for a token attributed to a new public client and the email', async () => {
      const res = await claim({ assertion_type: 'verified_email', assertion: await emailAssertion() });
      assert.equal(res.status, 200);
      assert.equal(res.body.token_type, 'Bearer');
      assert.equal(res.body.scope, 'catalog:read inquiries:write sandbox:write');
      assert.match(String(res.body.access_token), /^vt_at_/);
      const stored = await server.store.credentials.findByHash(credentialKey(String(res.body.access_token)));
      assert.equal(stored?.identity_type, 'identity_assertion');
      assert.equal(stored?.subject, 'ada@example.com');
      assert.ok(await server.store.clients.get(stored!.client_id), 'an on-the-fly client was registered');
    });

    it('exchanges an ID-JAG for a token of the client it names, with subject iss|sub', async () => {
      const res = await claim({ assertion_type: ID_JAG, assertion: await idJag(), client_id: clientId });
      assert.equal(res.status, 200);
      const stored = await server.store.credentials.findByHash(credentialKey(String(res.body.access_token)));
      assert.equal(stored?.client_id, clientId);
      assert.equal(stored?.subject, 'https://idp.example.test|u-42');
    });

    it('an ID-JAG without client_id is redeemed for the registered public client it names', async () => {
      const res = await claim({ assertion_type: ID_JAG, assertion: await idJag() });
      assert.equal(res.status, 200);
      const stored = await server.store.credentials.findByHash(credentialKey(String(res.body.access_token)));
      assert.equal(stored?.client_id, clientId);
    });

    it('RFC 8693 §2.2.1: the answer says it issued an access token (issued_token_type)', async () => {
      const res = await claim({ grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: await idJag(), subject_token_type: ID_JAG });
      assert.equal(res.status, 200);
      assert.equal(res.body.issued_token_type, 'urn:ietf:params:oauth:token-type:access_token');
      assert.equal(res.body.token_type, 'Bearer');
    });

    it('accepts a JSON body with the RFC 8693 subject_token / subject_token_type spelling', async () => {
      const res = await fetch(`${server.baseUrl}/oauth/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subject_token: await emailAssertion(), subject_token_type: 'verified_email' }),
      });
      assert.equal(res.status, 200);
      assert.match(((await res.json()) as { access_token: string }).access_token, /^vt_at_/);
    });

    it('without assertion_type, a JWT whose typ is not oauth-id-jag+jwt is taken as a verified-email assertion', async () => {
      const res = await claim({ assertion: await emailAssertion() });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const stored = await server.store.credentials.findByHash(credentialKey(String(res.body.access_token)));
      assert.equal(stored?.subject, 'ada@example.com');
    });

    it('without assertion_type, a JWT with typ oauth-id-jag+jwt is taken as an ID-JAG', async () => {
      const res = await claim({ assertion: await idJag() });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const stored = await server.store.credentials.findByHash(credentialKey(String(res.body.access_token)));
      assert.equal(stored?.client_id, clientId, 'redeemed for the client the ID-JAG names');
      assert.equal(stored?.subject, 'https://idp.example.test|u-42');
    });

    it("RFC 8693 §3's generic types (jwt, id_token) leave the kind to the JWT's typ; an unknown type names the parameter sent", async () => {
      for (const subject_token_type of ['urn:ietf:params:oauth:token-type:jwt', 'urn:ietf:params:oauth:token-type:id_token']) {
        const email = await claim({ grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: await emailAssertion(), subject_token_type });
        assert.equal(email.status, 200, JSON.stringify(email.body));
        assert.equal((await server.store.credentials.findByHash(credentialKey(String(email.body.access_token))))?.subject, 'ada@example.com');
        const jag = await claim({ subject_token: await idJag(), subject_token_type });
        assert.equal(jag.status, 200, JSON.stringify(jag.body));
        assert.equal((await server.store.credentials.findByHash(credentialKey(String(jag.body.access_token))))?.subject, 'https://idp.example.test|u-42');
      }
      const unknown = await claim({ subject_token: await emailAssertion(), subject_token_type: 'urn:ietf:params:oauth:token-type:saml2' });
      assert.equal(unknown.status, 400);
      assert.equal(unknown.body.error, 'invalid_request');
      assert.match(String(unknown.body.error_description), /^'subject_token_type' must be one of: /);
    });

    it('caps the scope at the ID-JAG scope claim and rejects more with invalid_scope', async () => {
      const ok = await claim({ assertion_type: ID_JAG, assertion: await idJag({ scope: 'sandbox:write' }), client_id: clientId });
      assert.equal(ok.body.scope, 'sandbox:write');
      const tooMuch = await claim({ assertion_type: ID_JAG, assertion: await idJag({ scope: 'sandbox:write' }), client_id: clientId, scope: 'inquiries:write' });
      assert.equal(tooMuch.status, 400);
      assert.equal(tooMuch.body.error, 'invalid_scope');
    });

    it('typ is compared as a media type (RFC 7515 §4.1.9): application/oauth-id-jag+jwt and upper case are an ID-JAG', async () => {
      const inferred = await claim({ assertion: await idJag({}, { typ: 'application/oauth-id-jag+jwt' }) });
      assert.equal(inferred.status, 200, JSON.stringify(inferred.body));
      const stored = await server.store.credentials.findByHash(credentialKey(String(inferred.body.access_token)));
      assert.equal(stored?.subject, 'https://idp.example.test|u-42', 'taken as an ID-JAG, not as a verified-email assertion');
      const declared = await claim({ assertion_type: ID_JAG, assertion: await idJag({}, { typ: 'OAUTH-ID-JAG+JWT' }), client_id: clientId });
      assert.equal(declared.status, 200, JSON.stringify(declared.body));
    });

    it('the claimed token works as a bearer on a write', async () => {
      const { body } = await claim({ assertion_type: 'verified_email', assertion: await emailAssertion() });
      const res = await fetch(`${server.baseUrl}/api/v1/sandbox/inquiries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${String(body.access_token)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A trip planner like yours, please.' }),
      });
      assert.equal(res.status, 201);
      assert.ok(((await res.json()) as { client_id: string }).client_id);
    });
  });

  describe('RFC 8707 resource indicators', () => {
    const sandboxWrite = (token: unknown) =>
      fetch(`${server.baseUrl}/api/v1/sandbox/inquiries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${String(token)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A trip planner like yours, please.' }),
      });

    it('a requested resource binds the token; an unknown one is invalid_target and spends nothing', async () => {
      const assertion = await emailAssertion();
      const refused = await claim({ assertion, resource: 'https://evil.example' });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error, 'invalid_target');
      // The MCP authorization spec asks servers to accept an uppercase scheme and host.
      const mcp = await claim({ assertion, resource: `${server.baseUrl.replace('http://127.0.0.1', 'HTTP://127.0.0.1')}/mcp` });
      assert.equal(mcp.status, 200, 'the refused request did not spend the assertion');
      assert.equal((await sandboxWrite(mcp.body.access_token)).status, 401, 'a token for /mcp is refused by the REST API');
    });

    it("an ID-JAG's resource claim: naming none of ours is invalid_grant; naming /mcp binds the token there, and a request may not widen it", async () => {
      const elsewhere = await claim({ assertion: await idJag({ resource: 'https://evil.example/api' }) });
      assert.equal(elsewhere.status, 400);
      assert.equal(elsewhere.body.error, 'invalid_grant');
      assert.match(String(elsewhere.body.error_description), /another resource/);

      const bound = await claim({ assertion: await idJag({ resource: [`${server.baseUrl}/mcp`, 'https://other.example'] }) });
      assert.equal(bound.status, 200, JSON.stringify(bound.body));
      assert.equal((await sandboxWrite(bound.body.access_token)).status, 401);

      const mcpOnly = await idJag({ resource: `${server.baseUrl}/mcp` });
      const widened = await claim({ assertion: mcpOnly, resource: server.baseUrl });
      assert.equal(widened.status, 400);
      assert.equal(widened.body.error, 'invalid_target');
      assert.equal((await claim({ assertion: mcpOnly })).status, 200, 'the refused request did not spend the ID-JAG');

      const api = await claim({ assertion: await idJag({ resource: [`${server.baseUrl}/mcp`, `${server.baseUrl}/`] }), resource: server.baseUrl });
      assert.equal(api.status, 200, 'a request may narrow to one of the listed resources');
      assert.equal((await sandboxWrite(api.body.access_token)).status, 201);
    });
  });

  describe('rejects each bad assertion with 400 invalid_grant and no token', () => {
    it('alg "none" (RFC 8725 §3.1)', async () => {
      const jwt = unsignedJwt({ typ: 'JWT' }, { iss: idp.issuer, aud: server.baseUrl, email: 'a@b.c', email_verified: true, jti: 'n1', iat: Math.floor(now() / 1000), exp: Math.floor(now() / 1000) + 60 });
      await assertRejected({ assertion_type: 'verified_email', assertion: jwt }, /algorithm/);
    });

    it('HS256 signed with the issuer public key as the HMAC secret (RFC 8725 §2.1)', async () => {
      const jwt = await new SignJWT({ aud: server.baseUrl, email: 'a@b.c', email_verified: true, jti: 'h1' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: idp.kid })
        .setIssuer(idp.issuer)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + 60)
        .sign(new TextEncoder().encode(JSON.stringify(idp.publicJwk)));
      await assertRejected({ assertion_type: 'verified_email', assertion: jwt }, /algorithm/);
    });

    it('an ID-JAG whose typ is not oauth-id-jag+jwt', async () => {
      await assertRejected({ assertion_type: ID_JAG, assertion: await idJag({}, { typ: 'JWT' }), client_id: clientId }, /typ/);
    });

    it('a JWT typed as another kind (an access token, a logout token) is not a verified-email assertion (RFC 8725 §3.11)', async () => {
      for (const typ of ['at+jwt', 'application/logout+jwt']) {
        await assertRejected({ assertion: await emailAssertion({}, { nowMs: now(), typ }) }, /typ/);
        await assertRejected({ assertion_type: 'verified_email', assertion: await emailAssertion({}, { nowMs: now(), typ }) }, /typ/);
      }
    });

    it('a critical header extension this server does not understand (RFC 7515 §4.1.11)', async () => {
      const iat = Math.floor(now() / 1000);
      const jwt = await new SignJWT({ aud: server.baseUrl, email: 'a@b.c', email_verified: true, jti: 'crit-1' })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: idp.kid, crit: ['urn:example:ext'], 'urn:example:ext': true })
        .setIssuer(idp.issuer)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 60)
        .sign(idp.privateKey, { crit: { 'urn:example:ext': true } });
      await assertRejected({ assertion_type: 'verified_email', assertion: jwt }, /crit/);
    });

    it('an audience other than this server (RFC 7519 §4.1.3)', async () => {
      await assertRejected({ assertion_type: 'verified_email', assertion: await emailAssertion({ aud: 'https://other.example' }) }, /audience/);
    });

    it('an expired assertion (beyond 60 s of skew)', async () => {
      await assertRejected({ assertion_type: 'verified_email', assertion: await emailAssertion({}, { nowMs: now(), iatOffset: -600, expiresIn: 300 }) }, /expired/);
    });

    it('an assertion that expires more than a day ahead (its replay record would outlive any sensible assertion)', async () => {
      await assertRejected({ assertion_type: 'verified_email', assertion: await emailAssertion({}, { nowMs: now(), expiresIn: 10 * 365 * 86_400 }) }, /expires too far ahead/);
      await assertRejected({ assertion_type: ID_JAG, assertion: await idJag({}, { expiresIn: 86_400 + 120 }) }, /expires too far ahead/);
      const day = await claim({ assertion_type: 'verified_email', assertion: await emailAssertion({}, { nowMs: now(), expiresIn: 86_400 - 60 }) });
      assert.equal(day.status, 200, 'a day is still taken');
    });

    it('an assertion issued in the future (not yet valid)', async () => {
      await assertRejected({ assertion_type: 'verified_email', assertion: await emailAssertion({}, { nowMs: now(), iatOffset: 600 }) }, /not yet valid/);
    });

    it('a replayed jti', async () => {
      const jwt = await emailAssertion();
      assert.equal((await claim({ assertion_type: 'verified_email', assertion: jwt })).status, 200);
      await assertRejected({ assertion_type: 'verified_email', assertion: jwt }, /already used/);
    });

    it('an untrusted issuer', async () => {
      const jwt = await stranger.sign({ aud: server.baseUrl, email: 'a@b.c', email_verified: true }, { nowMs: now() });
      await assertRejected({ assertion_type: 'verified_email', assertion: jwt }, /not a trusted issuer/);
    });

    it('an issuer trusted only for another assertion type', async () => {
      const jwt = await emailOnly.sign({ aud: server.baseUrl, sub: 'x', client_id: clientId }, { nowMs: now(), typ: 'oauth-id-jag+jwt' });
      await assertRejected({ assertion_type: ID_JAG, assertion: jwt, client_id: clientId }, /not trusted for this assertion type/);
    });

    it('an unknown kid', async () => {
      await assertRejected({ assertion_type: 'verified_email', assertion: await emailAssertion({}, { nowMs: now(), kid: 'no-such-key' }) }, /kid/);
    });

    it('a signature by another key under the trusted issuer and kid', async () => {
      const jwt = await new SignJWT({ aud: server.baseUrl, email: 'a@b.c', email_verified: true, jti: 'forged-1' })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: idp.kid })
        .setIssuer(idp.issuer)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + 60)
        .sign(stranger.privateKey);
      await assertRejected({ assertion_type: 'verified_email', assertion: jwt }, /signature/);
    });

    it('an ID-JAG whose client_id claim is not the requesting client', async () => {
      await assertRejected({ assertion_type: ID_JAG, assertion: await idJag({ client_id: 'vt_client_someone_else' }), client_id: clientId }, /client_id/);
    });

    it('an ID-JAG whose client_id claim names no client known here, with no client in the request', async () => {
      // Not a token for a client made up on the spot: the assertion was issued to another client.
      await assertRejected({ assertion_type: ID_JAG, assertion: await idJag({ client_id: 'vt_client_doesnotexist' }) }, /names no client known here/);
    });

    it('email_verified false', async () => {
      await assertRejected({ assertion_type: 'verified_email', assertion: await emailAssertion({ email_verified: false }) }, /email_verified/);
    });

    it('a value that is not a JWT', async () => {
      await assertRejected({ assertion_type: 'verified_email', assertion: 'not-a-jwt' }, /well-formed/);
    });
  });

  describe('request errors', () => {
    it('a missing assertion is invalid_request', async () => {
      const res = await claim({ assertion_type: 'verified_email' });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_request');
    });

    it('an assertion sent as both assertion and subject_token is invalid_request', async () => {
      const res = await claim({ assertion: await emailAssertion(), subject_token: await emailAssertion(), subject_token_type: 'verified_email' });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_request');
    });

    it('without assertion_type, a value that is not a JWT is invalid_grant', async () => {
      const res = await claim({ assertion: 'garbage' });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_grant');
      assert.match(String(res.body.error_description), /not a JWT/);
      assert.equal(res.body.access_token, undefined);
    });

    it('a grant_type other than token-exchange or jwt-bearer is unsupported_grant_type, and spends nothing', async () => {
      const assertion = await emailAssertion();
      const res = await claim({ grant_type: 'password', assertion });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'unsupported_grant_type');
      assert.equal(res.body.access_token, undefined);
      const again = await claim({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
      assert.equal(again.status, 200, 'the assertion was not spent');
    });

    it('an unknown assertion_type is invalid_request naming the supported types', async () => {
      const res = await claim({ assertion_type: 'saml', assertion: 'x' });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_request');
      assert.match(String(res.body.error_description), /verified_email/);
    });

    it('an unknown client_id is invalid_client (401)', async () => {
      const res = await claim({ assertion_type: 'verified_email', assertion: await emailAssertion(), client_id: 'vt_client_nobody' });
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_client');
    });
  });
});
