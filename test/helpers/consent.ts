import { FormClient } from './form-client.js';

/** The consent page's hidden ticket (the signed authorization request). */
export function ticketOf(html: string): string {
  const match = /name="ticket" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no consent ticket on the page');
  return match[1]!;
}

/**
 * A person at the consent page without a browser: opens the authorization URL, presses a button
 * and returns where the server sends them (the Location of the 303).
 */
export async function consent(baseUrl: string, authorizationUrl: string, action: 'anonymous' | 'deny' = 'anonymous'): Promise<URL> {
  const person = new FormClient(baseUrl);
  const url = new URL(authorizationUrl);
  const page = await person.get(`${url.pathname}${url.search}`);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${person.html.slice(0, 500)}`);
  const decided = await person.post('/oauth/authorize', { ticket: ticketOf(person.html), action });
  if (decided.status !== 303) throw new Error(`decision answered ${decided.status}`);
  return new URL(decided.headers.get('location')!);
}
