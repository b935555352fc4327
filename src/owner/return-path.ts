/**
 * Where sign-in returns an owner to: the admin page they asked for while signed out (the link in
 * a notification mail, a bookmark). Only a path on this site under /admin is taken, so the
 * parameter can never send anyone elsewhere (an open redirect, RFC 9700 §4.11.2's lesson applied
 * to our own sign-in): no scheme, no `//host`, no backslash (browsers read `/\host` as `//host`),
 * no control characters, and not the sign-in pages themselves.
 */
const ADMIN_PATH = /^\/admin(?:[/?][\x21-\x5b\x5d-\x7e]*)?$/;
const MAX_LENGTH = 500;

export function returnPath(candidate: string | undefined | null): string | undefined {
  if (!candidate || candidate.length > MAX_LENGTH || !ADMIN_PATH.test(candidate)) return undefined;
  if (candidate.startsWith('/admin/login') || candidate.startsWith('/admin/logout') || candidate.includes('//') || candidate.includes('/..')) return undefined;
  return candidate;
}
