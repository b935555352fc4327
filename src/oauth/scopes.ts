import { SCOPES } from '../model/principal.js';
import { InvalidScopeError } from './oauth-error.js';

const KNOWN = new Set<string>(SCOPES);

/** RFC 6749 §3.3: scope is a space-delimited list; order carries no meaning, duplicates none. */
export function splitScope(scope: string): string[] {
  return [...new Set(scope.split(' ').filter(Boolean))];
}

export function isKnownScope(value: string): boolean {
  return KNOWN.has(value);
}

/**
 * The scope to grant: the requested subset, or everything allowed when none was requested
 * (RFC 6749 §3.3 lets the server apply a default). Each of `limits` (the client's registered
 * scope, an assertion's scope) caps the result; asking beyond any of them is invalid_scope.
 */
export function resolveScope(requested: string | undefined, ...limits: (string | undefined)[]): string {
  let allowed = [...SCOPES] as string[];
  for (const limit of limits) {
    if (limit === undefined) continue;
    const cap = new Set(splitScope(limit));
    allowed = allowed.filter((s) => cap.has(s));
  }
  if (requested === undefined || requested.trim() === '') {
    if (allowed.length === 0) throw new InvalidScopeError('None of the supported scopes is available to this client.');
    return allowed.join(' ');
  }
  const wanted = splitScope(requested);
  for (const s of wanted) {
    if (!KNOWN.has(s)) throw new InvalidScopeError(`Unknown scope "${s}"; supported scopes are: ${SCOPES.join(' ')}.`);
    if (!allowed.includes(s)) throw new InvalidScopeError(`The scope "${s}" is not available to this client.`);
  }
  // A stable, canonical order so equal grants read the same.
  return SCOPES.filter((s) => wanted.includes(s)).join(' ');
}
