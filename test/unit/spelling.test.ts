import assert from 'node:assert/strict';
import { test } from 'node:test';
import { correctedSearch, editDistance, vocabularyOf } from '../../src/search/spelling.js';

const vocabulary = vocabularyOf([
  { value: 'accessibility', count: 5 },
  { value: 'e-commerce', count: 3 },
  { value: 'healthcare', count: 4 },
  { value: 'maps', count: 2 },
  { value: 'mobile', count: 6 },
  { value: 'noble', count: 1 },
  { value: 'public-sector', count: 2 },
]);

test('editDistance counts an adjacent swap as one edit and stops past the bound', () => {
  assert.equal(editDistance('helthcare', 'healthcare', 2), 1);
  assert.equal(editDistance('acessibility', 'accessibility', 2), 1);
  assert.equal(editDistance('mobiel', 'mobile', 2), 1, 'a swap');
  assert.equal(editDistance('kitten', 'sitting', 5), 3);
  assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3, 'bounded: most + 1');
});

test('correctedSearch replaces the words no catalog word starts with, by the closest one', () => {
  assert.equal(correctedSearch('helthcare', vocabulary), 'healthcare');
  assert.equal(correctedSearch('Acessibility mobiel', vocabulary), 'accessibility mobile');
  assert.equal(correctedSearch('ecommerce', vocabulary), 'e-commerce');
  assert.equal(correctedSearch('secter', vocabulary), 'sector', 'a part of a value');
  assert.equal(correctedSearch('accessible helthcare', vocabulary), 'accessible healthcare', 'a word too far from any is kept as typed');
});

test('correctedSearch leaves what it cannot improve', () => {
  assert.equal(correctedSearch('access', vocabulary), undefined, 'a prefix of a catalog word is a search already');
  assert.equal(correctedSearch('mapz', vocabulary), 'maps');
  assert.equal(correctedSearch('map', vocabulary), undefined);
  assert.equal(correctedSearch('zzqxv', vocabulary), undefined, 'nothing near');
  assert.equal(correctedSearch('moble', vocabulary), 'mobile', 'a tie (mobile, noble: one edit each) goes to the more common word');
});
