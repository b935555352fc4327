import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientIpResolver, normalizeIp } from '../../src/lib/client-ip.js';

describe('client IP resolution (TRUST_PROXY)', () => {
  it('normalises IPv4-mapped IPv6, brackets and zones to one spelling', () => {
    assert.equal(normalizeIp('::ffff:127.0.0.1'), '127.0.0.1');
    assert.equal(normalizeIp('[2001:DB8::1]'), '2001:db8::1');
    assert.equal(normalizeIp('fe80::1%eth0'), 'fe80::1');
    assert.equal(normalizeIp('not-an-ip'), null);
    assert.equal(normalizeIp('1.2.3.4:5678'), null);
  });

  it('ignores X-Forwarded-For entirely when TRUST_PROXY is off', () => {
    const resolve = clientIpResolver({ kind: 'off' });
    assert.equal(resolve('10.0.0.5', '198.51.100.7'), '10.0.0.5');
    assert.equal(resolve('::ffff:10.0.0.5', '198.51.100.7, 10.0.0.1'), '10.0.0.5');
  });

  it('with N hops takes the Nth address from the socket, so entries a client prepends are never reached', () => {
    const resolve = clientIpResolver({ kind: 'hops', hops: 1 });
    assert.equal(resolve('10.0.0.5', '198.51.100.7'), '198.51.100.7');
    assert.equal(resolve('10.0.0.5', '6.6.6.6, 198.51.100.7'), '198.51.100.7');
    assert.equal(resolve('10.0.0.5', undefined), '10.0.0.5');
    const two = clientIpResolver({ kind: 'hops', hops: 2 });
    assert.equal(two('10.0.0.5', '6.6.6.6, 198.51.100.7, 10.0.0.9'), '198.51.100.7');
    // Fewer entries than hops: the farthest address known.
    assert.equal(two('10.0.0.5', '198.51.100.7'), '198.51.100.7');
  });

  it('with a CIDR list walks past trusted proxies only', () => {
    const resolve = clientIpResolver({ kind: 'cidrs', cidrs: ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1'] });
    assert.equal(resolve('10.0.0.5', '6.6.6.6, 198.51.100.7, 10.1.2.3'), '198.51.100.7');
    assert.equal(resolve('192.0.2.1', '198.51.100.7'), '198.51.100.7');
    assert.equal(resolve('2001:db8::9', '198.51.100.7'), '198.51.100.7');
    // The socket peer is not a trusted proxy: its header is the client's own claim.
    assert.equal(resolve('203.0.113.50', '198.51.100.7'), '203.0.113.50');
  });

  it('stops at a malformed entry and keeps the last address it could follow', () => {
    const resolve = clientIpResolver({ kind: 'cidrs', cidrs: ['10.0.0.0/8'] });
    assert.equal(resolve('10.0.0.5', 'garbage, 10.0.0.7'), '10.0.0.7');
  });

  it('is unknown without a socket address', () => {
    assert.equal(clientIpResolver({ kind: 'hops', hops: 1 })(undefined, '198.51.100.7'), 'unknown');
  });
});
