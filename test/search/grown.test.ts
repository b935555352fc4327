import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capacityFor, grown } from '../../src/search/grown.js';

test('grown keeps the kind and the values, and zero-fills the new room', () => {
  const years = grown(Float64Array.of(2024.5, 2025), 4);
  assert.ok(years instanceof Float64Array);
  assert.deepEqual([...years], [2024.5, 2025, 0, 0]);
  const flags = grown(Uint8Array.of(1, 2, 3), 5, 2);
  assert.ok(flags instanceof Uint8Array);
  assert.deepEqual([...flags], [1, 2, 0, 0, 0], 'only the kept prefix is copied');
});

test('capacityFor at least doubles, never drops below the floor, and fits the size asked', () => {
  assert.equal(capacityFor(10, 0), 1024);
  assert.equal(capacityFor(1025, 1024), 2048);
  assert.equal(capacityFor(5000, 1024), 5000);
  assert.equal(capacityFor(3, 2, 16), 16);
  assert.equal(capacityFor(70_000, 65_536, 0), 131_072);
});
