import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { savedDifferences, type ProjectFormInput } from '../../src/catalog/project-form.js';

const SAVED: ProjectFormInput = { slug: 'atlas', title: 'Atlas', summary: 'A trip planner.', description: 'Line one.\n\nLine two.', client: '', industry: 'transport', services: 'product-design, web-development', technologies: 'typescript', tags: 'maps', year: '2024', url: '', featured: true, published: true, images: [] };

describe('savedDifferences: what a conflicting admin form shows under its fields', () => {
  it('names each field whose saved value differs, with that value; a checkbox as on or off', () => {
    const form = { ...SAVED, summary: 'Mine.', client: 'Atlas Rail', featured: false };
    assert.deepEqual(savedDifferences(form, { ...SAVED, title: 'Atlas 2' }), { title: 'Atlas 2', summary: 'A trip planner.', client: '', featured: 'on' });
  });

  it('a browser\'s CRLF line ends and spaces around a value are no difference; a changed line break is', () => {
    assert.deepEqual(savedDifferences({ ...SAVED, description: 'Line one.\r\n\r\nLine two.\r\n', title: '  Atlas ' }, SAVED), {});
    assert.deepEqual(savedDifferences({ ...SAVED, description: 'Line one.\nLine two.' }, SAVED), { description: SAVED.description });
  });
});
