import type { Context } from 'hono';
import { replaceResponse } from '../responses/replace-response.js';

/**
 * RFC 9110 §9.3.2: HEAD answers the header fields GET would; §8.6: its Content-Length is the
 * length GET's content would have. Hono answers HEAD by running the GET route and dropping the
 * body afterwards, and an answer built from a string gets its Content-Length only when node
 * writes the body, which for HEAD is never: so the length is taken here, before the body goes.
 * Answers without a body (HEAD /api/v1/keys mints nothing) and event streams are left alone.
 */
export async function headContentLength(c: Context): Promise<void> {
  const res = c.res;
  if (res.body === null || res.status === 204 || res.status === 304 || res.headers.has('content-length')) return;
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) return;
  const content = await res.arrayBuffer();
  const headers = new Headers(res.headers);
  headers.set('content-length', String(content.byteLength));
  replaceResponse(c, new Response(content, { status: res.status, headers }));
}

/** The method whose answer a request gets: GET's for a HEAD (RFC 9110 §9.3.2), so texts that name it agree in length too. */
export function answeredMethod(c: Context): string {
  return c.req.method === 'HEAD' ? 'GET' : c.req.method;
}
