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

/**
 * A person at the consent page of a new public client (authorization code with PKCE, a loopback
 * redirect that nothing serves): the form client holding the page, and its ticket.
 */
export async function atConsentPage(baseUrl: string): Promise<{ person: FormClient; ticket: string }> {
  const redirect = 'http://127.0.0.1:9/callback';
  const registered = await fetch(`${baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Desk App', redirect_uris: [redirect], grant_types: ['authorization_code'], token_endpoint_auth_method: 'none' }) });
  const { client_id } = (await registered.json()) as { client_id: string };
  const person = new FormClient(baseUrl);
  const query = new URLSearchParams({ response_type: 'code', client_id, redirect_uri: redirect, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's' });
  const page = await person.get(`/oauth/authorize?${query}`);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${person.html.slice(0, 500)}`);
  return { person, ticket: ticketOf(person.html) };
}
