import assert from 'node:assert/strict';

/**
 * An answer with the fields that differ per request by design taken out — the request id (after
 * checking its shape), the date and RateLimit's r/t — so a cached answer can be compared with
 * the one computed afresh.
 */
export function comparable<A extends { headers: Record<string, string> }>(answer: A): A {
  const headers = { ...answer.headers };
  assert.match(headers['x-request-id'] ?? '', /^[A-Za-z0-9_-]{12}$/);
  delete headers['x-request-id'];
  delete headers.date;
  if (headers.ratelimit) headers.ratelimit = headers.ratelimit.replace(/;r=\d+;t=\d+$/, ';r=_;t=_');
  return { ...answer, headers };
}
