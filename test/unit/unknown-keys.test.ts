import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { fieldErrors } from '../../src/lib/zod-errors.js';
import { fieldsAt, unknownKeyMessage } from '../../src/lib/unknown-keys.js';

const schema = z
  .strictObject({
    name: z.string(),
    project_slugs: z.array(z.string()).default([]),
    contact: z.strictObject({ email: z.string(), phone: z.string().optional() }).optional(),
    images: z.array(z.strictObject({ alt: z.string() })).nullable(),
  })
  .transform((value) => value);

test('fieldsAt finds the object a path leads to, through optional, default, nullable, arrays and transforms', () => {
  assert.deepEqual(fieldsAt(schema, []), ['name', 'project_slugs', 'contact', 'images']);
  assert.deepEqual(fieldsAt(schema, ['contact']), ['email', 'phone']);
  assert.deepEqual(fieldsAt(schema, ['images', 0]), ['alt']);
  assert.equal(fieldsAt(schema, ['name']), undefined, 'a string has no fields');
  assert.equal(fieldsAt(schema, ['nowhere', 'deeper']), undefined);
});

test('an unknown key names the field it likely meant, else the fields there are', () => {
  const fields = ['name', 'project_slugs', 'budget'];
  assert.equal(unknownKeyMessage('project', fields), 'unknown field (did you mean project_slugs?)');
  assert.equal(unknownKeyMessage('projectSlugs', fields), 'unknown field (did you mean project_slugs?)');
  assert.equal(unknownKeyMessage('Budget', fields), 'unknown field (did you mean budget?)');
  assert.equal(unknownKeyMessage('budgets', fields), 'unknown field (did you mean budget?)');
  assert.equal(unknownKeyMessage('industries', ['tag', 'industry'], 'parameter'), 'unknown parameter (did you mean industry?)');
  assert.equal(unknownKeyMessage('per_page', ['q', 'limit'], 'parameter', { perpage: 'limit' }), 'unknown parameter (did you mean limit?)', 'an alias, spelt loosely');
  assert.equal(unknownKeyMessage('search', ['limit'], 'parameter', { search: 'q' }), 'unknown parameter (the parameters are limit)', 'not an alias of a key this place lacks');
  assert.equal(unknownKeyMessage('phone', fields), 'unknown field (the fields are name, project_slugs, budget)');
  assert.equal(unknownKeyMessage('names_of_people', fields), 'unknown field (did you mean name?)');
  assert.equal(unknownKeyMessage('nominal', fields), 'unknown field (the fields are name, project_slugs, budget)', 'one letter alike is not alike');
  assert.equal(unknownKeyMessage('na', fields), 'unknown field (the fields are name, project_slugs, budget)', 'two letters are too few to guess from');
  assert.equal(unknownKeyMessage('x', undefined), 'unknown field');
});

test('fieldErrors says so at every depth when it has the schema, and as before without it', () => {
  const result = schema.safeParse({ name: 'Ada', project: 'atlas', contact: { email: 'a@b.c', mobile: '1' }, images: [{ alt: 'x', caption: 'y' }] });
  assert.equal(result.success, false);
  assert.deepEqual(fieldErrors(result.error!, { schema }), [
    { path: 'contact.mobile', message: 'unknown field (the fields are email, phone)' },
    { path: 'images.0.caption', message: 'unknown field (the fields are alt)' },
    { path: 'project', message: 'unknown field (did you mean project_slugs?)' },
  ]);
  assert.deepEqual(
    fieldErrors(result.error!).map((e) => e.message),
    ['unknown field', 'unknown field', 'unknown field'],
  );
});
