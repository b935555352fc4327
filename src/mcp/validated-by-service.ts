import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/**
 * A tool input schema the SDK lists (tools/list shows `schema`'s JSON Schema, derived from the
 * domain's own) but does not enforce: the service behind the tool validates with the same
 * schema, so an MCP call is refused by exactly the rules and in exactly the words of the REST
 * path (`validation_failed` with each field), instead of the SDK's generic message.
 */
export function validatedByService<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.input<S>, z.input<S>> {
  const standard = schema['~standard'] as unknown as StandardSchemaWithJSON<z.input<S>, z.input<S>>['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'vitrine',
      validate: (value: unknown) => ({ value: (value ?? {}) as z.input<S> }),
      jsonSchema: standard.jsonSchema,
    },
  };
}
