import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { anyOfNullables, memoizedJsonSchema, withAnyOfNullables } from '../../src/mcp/nullable-any-of.js';

const Page = z.object({ title: z.string(), caption: z.string().nullable().describe('Shown under the image.') });
const TARGET = { target: 'draft-2020-12' } as const;

describe('anyOfNullables', () => {
  it('spells a nullable field as anyOf, its annotations beside the branches', () => {
    assert.deepEqual(anyOfNullables({ type: ['string', 'null'], description: 'd', maxLength: 3 }), { description: 'd', anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] });
    // Literal values are data: an enum listing null stays as it is.
    assert.deepEqual(anyOfNullables({ enum: ['a', null], type: 'string' }), { enum: ['a', null], type: 'string' });
  });
});

describe('memoizedJsonSchema', () => {
  it('converts once per target and hands every caller the same frozen schema', () => {
    const schema = withAnyOfNullables(Page);
    const first = schema['~standard'].jsonSchema.output(TARGET) as Record<string, unknown>;
    const again = schema['~standard'].jsonSchema.output(TARGET);
    assert.equal(again, first);
    const caption = (first.properties as Record<string, Record<string, unknown>>).caption!;
    assert.deepEqual(caption.anyOf, [{ type: 'string' }, { type: 'null' }]);
    assert.equal(caption.description, 'Shown under the image.');
    // Shared by every request: a write fails loudly instead of changing what the next one sees.
    assert.throws(() => {
      (first as { title?: string }).title = 'changed';
    }, TypeError);
    assert.throws(() => {
      caption.description = 'changed';
    }, TypeError);
    assert.notEqual(schema['~standard'].jsonSchema.input(TARGET), first, 'input and output are converted apart');
  });

  it('validates as the schema it wraps', async () => {
    const schema = memoizedJsonSchema(Page);
    assert.deepEqual(await schema['~standard'].validate({ title: 't', caption: null }), { value: { title: 't', caption: null } });
    const refused = await schema['~standard'].validate({ title: 1 });
    assert.ok('issues' in refused && refused.issues !== undefined && refused.issues.length > 0);
  });
});
