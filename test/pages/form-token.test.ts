import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cryptoRandom, ManualClock } from '../../src/lib/clock.js';
import { FORM_TOKEN_TTL_MS, FormTokens } from '../../src/pages/form-token.js';

describe('inquiry form tokens (CSRF defence and idempotency key)', () => {
  it('accepts a token it issued and gives every form a different one', () => {
    const tokens = new FormTokens(cryptoRandom.bytes(32), new ManualClock(), cryptoRandom);
    const a = tokens.issue();
    const b = tokens.issue();
    assert.notEqual(a, b);
    assert.deepEqual(tokens.verify(a), { ok: true });
    assert.ok(a.length <= 255, 'fits an Idempotency-Key');
  });

  it('rejects a token signed by another process secret', () => {
    const clock = new ManualClock();
    const other = new FormTokens(cryptoRandom.bytes(32), clock, cryptoRandom).issue();
    assert.deepEqual(new FormTokens(cryptoRandom.bytes(32), clock, cryptoRandom).verify(other), { ok: false, reason: 'bad_signature' });
  });

  it('rejects a tampered issue time, and malformed input', () => {
    const tokens = new FormTokens(cryptoRandom.bytes(32), new ManualClock(), cryptoRandom);
    const [time, nonce, mac] = tokens.issue().split('.');
    assert.deepEqual(tokens.verify(`${(parseInt(time!, 36) + 1).toString(36)}.${nonce}.${mac}`), { ok: false, reason: 'bad_signature' });
    assert.deepEqual(tokens.verify(''), { ok: false, reason: 'malformed' });
    assert.deepEqual(tokens.verify('a.b.c'), { ok: false, reason: 'malformed' });
  });

  it('expires two hours after issue', () => {
    const clock = new ManualClock();
    const tokens = new FormTokens(cryptoRandom.bytes(32), clock, cryptoRandom);
    const token = tokens.issue();
    clock.advance(FORM_TOKEN_TTL_MS);
    assert.deepEqual(tokens.verify(token), { ok: true });
    clock.advance(1);
    assert.deepEqual(tokens.verify(token), { ok: false, reason: 'expired' });
  });
});
