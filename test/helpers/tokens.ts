/** Obtains credentials the way an agent does: the seed's Method A over real HTTP. */
export async function registerClient(baseUrl: string, clientName = 'test agent'): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: clientName, token_endpoint_auth_method: 'none' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { client_id: string }).client_id;
}

export async function clientCredentialsToken(baseUrl: string, clientId: string, scope?: string): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId });
  if (scope) form.set('scope', scope);
  const res = await fetch(`${baseUrl}/oauth/token`, { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`token failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function agentToken(baseUrl: string, scope?: string): Promise<{ clientId: string; token: string }> {
  const clientId = await registerClient(baseUrl);
  return { clientId, token: await clientCredentialsToken(baseUrl, clientId, scope) };
}
