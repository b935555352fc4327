import fc from 'fast-check';

type Schema = Record<string, unknown>;

/**
 * A fast-check arbitrary for the values a JSON Schema (OpenAPI 3.1 dialect) describes, closely
 * enough to reach past validation: enums, consts, formats, bounds, required members. Strings
 * and arrays are kept short: the fuzzer is after variety, not size (size has its own cases).
 */
export function schemaArbitrary(schema: unknown, resolve: (ref: string) => unknown, depth = 0): fc.Arbitrary<unknown> {
  if (schema === null || typeof schema !== 'object' || depth > 6) return fc.anything({ maxDepth: 2 });
  let s = schema as Schema;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 10; hops++) s = resolve(s.$ref) as Schema;
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) return fc.oneof(...branches.map((b) => schemaArbitrary(b, resolve, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return schemaArbitrary(s.allOf[0], resolve, depth + 1);
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);
  switch (type) {
    case 'string': {
      const minLength = Number(s.minLength ?? 0);
      const maxLength = Math.max(minLength, Math.min(Number(s.maxLength ?? 60), 300));
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uri') return fc.webUrl();
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength, maxLength, unit: fc.constantFrom('grapheme', 'binary', 'grapheme-ascii').chain((unit) => fc.string({ minLength: 1, maxLength: 1, unit: unit as 'binary' })) });
    }
    case 'integer':
      return fc.integer({ min: Number(s.minimum ?? -1e6), max: Number(s.maximum ?? 1e6) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schemaArbitrary(s.items, resolve, depth + 1), { minLength: Number(s.minItems ?? 0), maxLength: Math.max(Number(s.minItems ?? 0), Math.min(Number(s.maxItems ?? 4), 4)) });
    case 'object':
    case undefined: {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      if (Object.keys(properties).length === 0) return type === 'object' ? fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) : fc.anything({ maxDepth: 2 });
      const record = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, schemaArbitrary(v, resolve, depth + 1)]));
      return fc.record(record, { requiredKeys: ((s.required ?? []) as string[]).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
