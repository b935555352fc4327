import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoundedMap } from '../../src/lib/bounded-map.js';

const keys = <V>(map: BoundedMap<string, V>, candidates: string[]) => candidates.filter((k) => map.get(k) !== undefined);

describe('BoundedMap', () => {
  it('keeps at most maxEntries, dropping the oldest insertion first', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) map.set(k, i);
    assert.deepEqual(keys(map, ['a', 'b', 'c', 'd']), ['b', 'c', 'd']);
    assert.equal(map.size, 3);
  });

  it('with a weight limit, drops the oldest until the new value fits the budget', () => {
    const map = new BoundedMap<string, string>(100, { maxWeight: 10, weigh: (v) => v.length });
    map.set('a', 'xxxx');
    map.set('b', 'xxxx');
    assert.equal(map.weight, 8);
    map.set('c', 'xxxxx');
    assert.deepEqual(keys(map, ['a', 'b', 'c']), ['b', 'c'], 'a went so that 9 of 10 are held');
    assert.equal(map.weight, 9);
    map.set('d', 'xxxxxxxxxx');
    assert.deepEqual(keys(map, ['a', 'b', 'c', 'd']), ['d']);
    assert.equal(map.weight, 10);
  });

  it('replaces a key\'s weight when it is set again, and never keeps a value heavier than the budget', () => {
    const map = new BoundedMap<string, string>(100, { maxWeight: 10, weigh: (v) => v.length });
    map.set('a', 'xxxxxx');
    map.set('a', 'xx');
    assert.equal(map.weight, 2);
    map.set('b', 'x'.repeat(11));
    assert.equal(map.get('b'), undefined);
    assert.equal(map.get('a'), 'xx', 'a value that cannot fit evicts nothing');
    map.set('a', 'x'.repeat(11));
    assert.equal(map.get('a'), undefined, 'the old value does not stay behind either');
    assert.equal(map.weight, 0);
  });

  it('clear() and delete() give the weight back', () => {
    const map = new BoundedMap<string, string>(100, { maxWeight: 10, weigh: (v) => v.length });
    map.set('a', 'xxx');
    map.set('b', 'xxxx');
    map.delete('a');
    assert.equal(map.weight, 4);
    map.clear();
    assert.equal(map.weight, 0);
    assert.equal(map.size, 0);
  });
});
