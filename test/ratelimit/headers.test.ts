import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rateLimitField, rateLimitPolicyField } from '../../src/ratelimit/headers.js';
import { parseSfList } from './sf.js';

describe('draft-ietf-httpapi-ratelimit-headers fields (Structured Field Lists, RFC 9651)', () => {
  it('serialises RateLimit-Policy as "name";q=…;w=…', () => {
    const value = rateLimitPolicyField('writes', { q: 30, w: 60 });
    assert.equal(value, '"writes";q=30;w=60');
    assert.deepEqual(parseSfList(value), [{ value: 'writes', params: { q: 30, w: 60 } }]);
  });

  it('serialises RateLimit as "name";r=…;t=…', () => {
    const value = rateLimitField('reads', 0, 41);
    assert.equal(value, '"reads";r=0;t=41');
    assert.deepEqual(parseSfList(value), [{ value: 'reads', params: { r: 0, t: 41 } }]);
  });

  it('escapes quotes and backslashes inside the policy name (RFC 9651 §4.1.6)', () => {
    assert.deepEqual(parseSfList(rateLimitField('a"b\\c', 1, 2)), [{ value: 'a"b\\c', params: { r: 1, t: 2 } }]);
  });
});
