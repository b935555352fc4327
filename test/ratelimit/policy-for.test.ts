import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { policyFor } from '../../src/ratelimit/policy-for.js';

describe('which policy meters a request', () => {
  it('meters catalog, facet and sandbox reads as reads', () => {
    for (const path of ['/api/v1/projects', '/api/v1/projects/x', '/api/v1/facets', '/api/v1/sandbox/projects', '/']) {
      assert.equal(policyFor('GET', path), 'reads', path);
      assert.equal(policyFor('HEAD', path), 'reads', path);
    }
  });

  it('meters inquiries and sandbox writes as writes', () => {
    assert.equal(policyFor('POST', '/api/v1/inquiries'), 'writes');
    assert.equal(policyFor('POST', '/api/v1/sandbox/inquiries'), 'writes');
    assert.equal(policyFor('POST', '/api/v1/sandbox/anything'), 'writes');
  });

  it('meters token, claim and revoke as auth, and registration and keys as register (HEAD, which mints nothing, as a read)', () => {
    for (const path of ['/oauth/token', '/oauth/claim', '/oauth/revoke']) assert.equal(policyFor('POST', path), 'auth');
    assert.equal(policyFor('POST', '/oauth/register'), 'register');
    assert.equal(policyFor('GET', '/api/v1/keys'), 'register');
    assert.equal(policyFor('POST', '/api/v1/keys'), 'register');
    assert.equal(policyFor('HEAD', '/api/v1/keys'), 'reads');
  });

  it('meters the MCP endpoint as mcp', () => {
    assert.equal(policyFor('POST', '/mcp'), 'mcp');
    assert.equal(policyFor('GET', '/mcp'), 'mcp');
  });

  it('never meters preflights or health, readiness and metrics probes', () => {
    assert.equal(policyFor('OPTIONS', '/oauth/token'), null);
    assert.equal(policyFor('OPTIONS', '/api/v1/inquiries'), null);
    for (const path of ['/healthz', '/readyz', '/metrics']) assert.equal(policyFor('GET', path), null, path);
  });
});
