import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cryptoRandom, newId, newTimeOrderedId, type Random } from '../../src/lib/clock.js';

const zeros: Random = { bytes: (n) => Buffer.alloc(n) };

describe('newTimeOrderedId (RFC 9562 §5.7 layout: time first)', () => {
  it('ids compare as their times do, byte for byte (SQLite BINARY, JavaScript <), until the year 8888 (62^8 ms)', () => {
    const times = [0, 1, 63, 64, 4095, 4096, Date.parse('2026-11-26T18:00:00.000Z'), Date.parse('2026-11-26T18:00:00.001Z'), Date.parse('2100-01-01T00:00:00Z'), Date.parse('8888-01-01T00:00:00Z'), 62 ** 8 - 1];
    // Spread over the whole range the same way on every run (the golden ratio's multiples mod 1).
    for (let i = 1; i <= 2000; i++) times.push(Math.floor(((i * 0.6180339887498949) % 1) * 62 ** 8));
    const ids = times.map((t) => ({ t, id: newTimeOrderedId(t, cryptoRandom, 'inq') }));
    for (const a of ids.slice(0, 200))
      for (const b of ids) {
        if (a.t < b.t) assert.ok(a.id < b.id, `${a.t} < ${b.t} but ${a.id} >= ${b.id}`);
      }
  });

  it('keeps newId\'s alphabet and random length: a prefix, 8 time digits (letters and digits), then the random bytes in base64url', () => {
    const at = Date.parse('2026-11-26T18:00:00Z');
    const id = newTimeOrderedId(at, cryptoRandom, 'inq');
    assert.match(id, /^inq_[A-Za-z0-9]{8}[A-Za-z0-9_-]{16}$/);
    assert.equal(newTimeOrderedId(at, zeros, 'msg', 16).slice(4 + 8), Buffer.alloc(16).toString('base64url'));
    assert.equal(newTimeOrderedId(at, zeros, 'inq').length, newId(zeros, 'inq').length + 8);
    // The time digits of two ids of the same millisecond are equal; the random part tells them apart.
    const [a, b] = [newTimeOrderedId(at, cryptoRandom, 'inq'), newTimeOrderedId(at, cryptoRandom, 'inq')];
    assert.equal(a.slice(0, 12), b.slice(0, 12));
    assert.notEqual(a, b);
  });

  it('writes the epoch as the lowest digits and a millisecond later as the next id up', () => {
    assert.equal(newTimeOrderedId(0, zeros, 'x', 0), 'x_00000000');
    assert.equal(newTimeOrderedId(1, zeros, 'x', 0), 'x_00000001');
    assert.equal(newTimeOrderedId(61, zeros, 'x', 0), 'x_0000000z');
    assert.equal(newTimeOrderedId(62, zeros, 'x', 0), 'x_00000010');
  });
});
