import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formHasNul, jsonHasNul, nulPath, targetHasNul } from '../../src/lib/nul-character.js';

describe('U+0000 in request texts', () => {
  it('finds it in JSON only where a string decodes to one', () => {
    const holds = (value: unknown): boolean =>
      typeof value === 'string' ? value.includes('\u0000') : typeof value === 'object' && value !== null && Object.entries(value).some(([k, v]) => k.includes('\u0000') || holds(v));
    const decodesToNul = (text: string) => holds(JSON.parse(text));
    for (const text of [JSON.stringify({ a: 'x\u0000y' }), JSON.stringify({ 'k\u0000': 1 }), '"\\\\\\u0000"', '["\\u0000"]', '"\\u00001"']) {
      assert.equal(jsonHasNul(text), true, text);
      assert.equal(decodesToNul(text), true, `${text} (the test's own premise)`);
    }
    for (const text of [JSON.stringify({ a: 'x\\u0000y' }), '"\\\\u0000"', '"\\\\\\\\u0000"', '"\\u00010"', '{"u0000":0}', '"%00"']) {
      assert.equal(jsonHasNul(text), false, text);
      assert.equal(decodesToNul(text), false, `${text} (the test's own premise)`);
    }
  });

  it('finds it in a form body, encoded or raw, and in a request target', () => {
    assert.equal(formHasNul('a=1&b=x%00y'), true);
    assert.equal(formHasNul('a=1&b=x\u0000y'), true);
    assert.equal(formHasNul('a=1&b=%2500'), false, '%25 is the percent sign itself');
    assert.equal(targetHasNul('/api/v1/projects/ab%00c'), true);
    assert.equal(targetHasNul('/api/v1/projects?q=%2500'), false);
  });

  it('names where in a parsed value it lies', () => {
    assert.equal(nulPath({ a: 'ok', b: { c: ['x', 'y\u0000'] } }), 'b.c[1]');
    assert.equal(nulPath({ 'k\u0000': 1 }), 'k\u0000 (name)');
    assert.equal(nulPath('\u0000'), '(value)');
    assert.equal(nulPath({ a: ['x'], b: 1, c: null }), undefined);
    assert.equal(nulPath(undefined), undefined);
  });
});
