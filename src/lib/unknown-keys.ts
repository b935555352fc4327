import type { z } from 'zod';

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };

const defOf = (schema: z.ZodType | undefined): Def | undefined => (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The schema without its wrappers (optional, nullable, default, a transform's pipe). */
function unwrapped(schema: z.ZodType | undefined): z.ZodType | undefined {
  let at = schema;
  for (let def = defOf(at); def && (def.innerType || (def.type === 'pipe' && def.in)); def = defOf(at)) at = def.innerType ?? def.in;
  return at;
}

/** The fields the object at `path` of `schema` takes, or undefined when no object is there. */
export function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  let at = unwrapped(schema);
  for (const key of path) {
    const def = defOf(at);
    at = unwrapped(typeof key === 'number' ? def?.element : def?.shape?.[String(key)]);
  }
  const shape = defOf(at)?.shape;
  return shape ? Object.keys(shape) : undefined;
}

const loose = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** Whether `a` and `b` start alike for three quarters of the shorter (`industries`, `industry`; `project`, `projectslugs`). */
function alike(a: string, b: string): boolean {
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= Math.max(3, 0.75 * Math.min(a.length, b.length));
}

/**
 * What to say of a field the schema does not take: the field it most likely meant (`project` or
 * `projectSlugs` for `project_slugs`), else the fields there are.
 */
export function unknownFieldMessage(key: string, fields: readonly string[] | undefined, unknown: string): string {
  if (!fields || fields.length === 0) return unknown;
  const given = loose(key);
  const meant = given.length >= 3 ? fields.find((field) => alike(given, loose(field))) : undefined;
  return meant ? `${unknown} (did you mean ${meant}?)` : `${unknown} (the fields are ${fields.join(', ')})`;
}
