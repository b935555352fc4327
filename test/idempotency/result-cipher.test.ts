import assert from 'node:assert/strict';
import { hkdfSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { resultKey, openResult, sealResult } from '../../src/idempotency/result-cipher.js';
import { cryptoRandom } from '../../src/lib/clock.js';

describe('the idempotency result cipher', () => {
  it('derives its key exactly as HKDF-SHA256 (RFC 5869) with an empty salt, so results sealed before still open', () => {
    for (const material of ['', 'a', JSON.stringify(['anonymous', 'POST', '/api/v1/inquiries', 'key-1']), 'ü✓ 東京'.repeat(40)]) {
      const expected = Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), 'vitrine idempotency result v1', 32));
      assert.deepEqual(resultKey(material), expected);
    }
  });

  it('opens what it sealed only with the same material', () => {
    const sealed = sealResult('scope-a', '{"id":"inq_1"}', cryptoRandom);
    assert.match(sealed, /^v1\./);
    assert.equal(openResult('scope-a', sealed), '{"id":"inq_1"}');
    assert.throws(() => openResult('scope-b', sealed));
  });
});
