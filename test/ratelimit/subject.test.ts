import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { subjectKey } from '../../src/ratelimit/subject.js';

describe('rate-limit subjects', () => {
  it('keys a verified client by its client id, whatever its address', () => {
    assert.equal(subjectKey('vt_client_a', '203.0.113.9'), 'client:vt_client_a');
  });

  it('keys anonymous IPv4 callers by address', () => {
    assert.equal(subjectKey(null, '203.0.113.9'), 'ip:203.0.113.9');
  });

  it('keys anonymous IPv6 callers by their /64 (RFC 4291 §2.5.4), so rotating within it does not escape', () => {
    assert.equal(subjectKey(null, '2001:db8:0:1::1'), 'ip:2001:db8:0:1::/64');
    assert.equal(subjectKey(null, '2001:db8:0:1:ffff:ffff:ffff:ffff'), 'ip:2001:db8:0:1::/64');
    assert.equal(subjectKey(null, '2001:0db8:0000:0001:0000:0000:0000:0001'), 'ip:2001:db8:0:1::/64');
    assert.notEqual(subjectKey(null, '2001:db8:0:2::1'), subjectKey(null, '2001:db8:0:1::1'));
    assert.equal(subjectKey(null, '::1'), 'ip:0:0:0:0::/64');
  });

  it('keys requests without a socket as unknown', () => {
    assert.equal(subjectKey(null, 'unknown'), 'ip:unknown');
  });
});
