import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

type Json = Record<string, unknown>;

/** Keywords that describe the value as a whole and stay beside `anyOf`, not inside a branch. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

/**
 * `{"type": ["string", "null"], …}` → `{"anyOf": [{"type": "string", …}, {"type": "null"}]}`.
 * Both are valid JSON Schema 2020-12, but MCP Inspector's `--strict` mode and several client
 * tool-schema converters accept only a single `type` string per schema, so nullable fields
 * are spelled as the `anyOf` form zod already uses for formatted strings.
 */
export function anyOfNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anyOfNullables);
  if (node === null || typeof node !== 'object') return node;
  const schema: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    // Literal values are data, not schemas.
    schema[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : anyOfNullables(value);
  }
  const type = schema.type;
  if (!Array.isArray(type) || type.length < 2) return schema;
  const outer: Json = {};
  const inner: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') continue;
    (ANNOTATIONS.has(key) ? outer : inner)[key] = value;
  }
  const branches = (type as string[]).map((t) => (t === 'null' ? { type: 'null' } : { type: t, ...inner }));
  return { ...outer, anyOf: branches };
}

/** The same schema and validation, listed with `anyOf` nullables; converted once per target. */
export function withAnyOfNullables<I, O>(schema: StandardSchemaWithJSON<I, O>): StandardSchemaWithJSON<I, O> {
  return memoizedJsonSchema(schema, anyOfNullables);
}

/**
 * The same schema and validation, its JSON Schema converted once per target instead of on every
 * request: the SDK builds a fresh McpServer per POST (stateless serving) and converted each tool's
 * input schema again for every tools/call (zod's toJSONSchema was 7.5% of the server's CPU
 * profile under MCP load, issue 17).
 */
export function memoizedJsonSchema<I, O>(schema: StandardSchemaWithJSON<I, O>, transform: (json: unknown) => unknown = (json) => json): StandardSchemaWithJSON<I, O> {
  const standard = schema['~standard'];
  const memo = new Map<string, Json>();
  const convert = (direction: 'input' | 'output') => (options: Parameters<typeof standard.jsonSchema.input>[0]) => {
    const key = `${direction}:${options.target}:${JSON.stringify(options.libraryOptions ?? null)}`;
    let converted = memo.get(key);
    if (!converted) {
      converted = deepFreeze(transform(standard.jsonSchema[direction](options))) as Json;
      memo.set(key, converted);
    }
    // Shared by every request, and frozen: a caller that wrote to it would fail loudly rather
    // than change what later requests see. (A structuredClone per call was 2% of an MCP call's
    // CPU: the SDK asks for the output schema on every tools/call of its per-request server.)
    return converted;
  };
  return {
    '~standard': {
      version: standard.version,
      vendor: standard.vendor,
      validate: (value: unknown) => standard.validate(value),
      ...(standard.types ? { types: standard.types } : {}),
      jsonSchema: { input: convert('input'), output: convert('output') },
    },
  } as StandardSchemaWithJSON<I, O>;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
