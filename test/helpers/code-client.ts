import * as oauth from 'oauth4webapi';

/** oauth4webapi's option for the tests' plain-http issuer. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The redirect URI the code-flow tests register (nothing listens: the consent helper reads the 303). */
export const CODE_REDIRECT = 'http://127.0.0.1:9/callback';

/** A public authorization-code client as an agent sets one up: RFC 8414 discovery, then RFC 7591 registration. */
export async function discoverAndRegister(baseUrl: string, metadata: Record<string, unknown> = {}): Promise<{ as: oauth.AuthorizationServer; client: oauth.Client }> {
  const issuer = new URL(baseUrl);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  const client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Desk App', redirect_uris: [CODE_REDIRECT], grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none', ...metadata }, insecure),
  );
  return { as, client };
}
