import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestIds } from '../../src/http/middleware/request-id.js';
import { cryptoRandom, type Random } from '../../src/lib/clock.js';

describe('request ids', () => {
  it('are 12 base64url characters (9 random bytes), all different', () => {
    const next = requestIds(cryptoRandom);
    const ids = Array.from({ length: 1000 }, next);
    for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{12}$/);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('come from the injected Random, drawn 256 ids at a time, each a distinct 9-byte slice', () => {
    let draws = 0;
    let counter = 0;
    const random: Random = {
      bytes: (n) => {
        draws += 1;
        return Buffer.from(Array.from({ length: n }, () => counter++ % 256));
      },
    };
    const next = requestIds(random);
    const first = next();
    assert.equal(first, Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8]).toString('base64url'));
    assert.equal(next(), Buffer.from([9, 10, 11, 12, 13, 14, 15, 16, 17]).toString('base64url'));
    for (let i = 2; i < 256; i++) next();
    assert.equal(draws, 1);
    next();
    assert.equal(draws, 2);
  });
});
