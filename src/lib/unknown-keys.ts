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

/** What an unknown key is called: a JSON body's `field`, a query's or form's `parameter`, a tool's `argument`. */
export type KeyKind = 'field' | 'parameter' | 'argument';

/** Names other APIs use for one of ours (`search` for `q`, `per_page` for `limit`), by their loose spelling. */
export type KeyAliases = Readonly<Record<string, string>>;

const loose = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** Whether `a` and `b` start alike for three quarters of the shorter (`industries`, `industry`; `project`, `projectslugs`). */
function alike(a: string, b: string): boolean {
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= Math.max(3, 0.75 * Math.min(a.length, b.length));
}

/** The known name `name` most likely meant (`project` or `projectSlugs` for `project_slugs`, an alias's target), if any. */
export function likelyMeant(name: string, known: readonly string[], aliases: KeyAliases = {}): string | undefined {
  const given = loose(name);
  const aliased = aliases[given];
  if (aliased !== undefined && known.includes(aliased)) return aliased;
  return given.length >= 3 ? known.find((field) => alike(given, loose(field))) : undefined;
}

/** What to say of a key the schema does not take: the one it likely meant, else the keys there are. */
export function unknownKeyMessage(key: string, known: readonly string[] | undefined, kind: KeyKind = 'field', aliases: KeyAliases = {}): string {
  const unknown = `unknown ${kind}`;
  if (!known || known.length === 0) return unknown;
  const meant = likelyMeant(key, known, aliases);
  return meant ? `${unknown} (did you mean ${meant}?)` : `${unknown} (the ${kind}s are ${known.join(', ')})`;
}
