import type { ClientRecord } from '../store/ports/index.js';
import { jwtType, type AssertionKind } from './assertions.js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { assertionScope, assertionSubject, checkAssertion, spendAssertion } from './check-assertion.js';
import { authenticateClient } from './client-auth.js';
import type { OAuthContext, OAuthRequest } from './context.js';
import { ASSERTION_TYPES, ASSERTION_TYPE_VERIFIED_EMAIL, GENERIC_JWT_TOKEN_TYPES, GRANT_CLIENT_CREDENTIALS, GRANT_JWT_BEARER, GRANT_TOKEN_EXCHANGE, ID_JAG_TYP, TOKEN_TYPE_ACCESS_TOKEN, TOKEN_TYPE_ID_JAG } from './identifiers.js';
import { issueAccessToken, type TokenResponse } from './issue.js';
import { InvalidClientError, InvalidGrantError, InvalidRequestError, UnsupportedGrantTypeError } from './oauth-error.js';
import { ALL_SCOPES } from '../model/principal.js';
import { resourceParam, withinAssertion } from './resources.js';
import { resolveScope } from './scopes.js';
import { mintClientId } from './tokens.js';

/** The kind an explicit type names; a generic JWT type (RFC 8693 §3) leaves it to the JWT's header. */
function assertionKind(type: string, assertion: string, parameter: string): AssertionKind {
  if (type === TOKEN_TYPE_ID_JAG) return 'id-jag';
  if (type === ASSERTION_TYPE_VERIFIED_EMAIL) return 'verified_email';
  if ((GENERIC_JWT_TOKEN_TYPES as readonly string[]).includes(type)) return inferredKind(assertion);
  throw new InvalidRequestError(`"${parameter}" must be one of: ${[...ASSERTION_TYPES, ...GENERIC_JWT_TOKEN_TYPES].join(', ')}.`);
}

/**
 * The seed says only that the request "carries the assertion", so the type is optional: an ID-JAG
 * declares itself in its protected header (draft-ietf-oauth-identity-assertion-authz-grant:
 * `typ` = oauth-id-jag+jwt), and any other JWT is taken as a verified-email assertion. This only
 * picks which checks run; checkAssertion still verifies everything, `typ` included.
 */
function inferredKind(assertion: string): AssertionKind {
  let header;
  try {
    header = decodeProtectedHeader(assertion);
  } catch {
    throw new InvalidGrantError('The assertion is not a JWT.');
  }
  return jwtType(header.typ) === ID_JAG_TYP ? 'id-jag' : 'verified_email';
}

/** The client_id an ID-JAG names, read before verification only to pick the client. */
function namedClientId(jwt: string): string | undefined {
  try {
    const claims = decodeJwt(jwt);
    return typeof claims.client_id === 'string' ? claims.client_id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The seed's identity_assertion method: exchange a verified-email assertion or an ID-JAG for an
 * access token. Accepts `assertion` + optional `assertion_type`, or the RFC 8693 §2.1 spelling
 * `subject_token` + `subject_token_type`. A verified-email assertion that names no client gets a
 * public client registered on the fly, so the token stays attributable.
 */
export async function handleClaim(ctx: OAuthContext, request: OAuthRequest): Promise<TokenResponse> {
  const { params } = request;
  // The two spellings' grants (RFC 8693 §2.1, RFC 7523 §2.1); none is needed, another is refused.
  if (params.grant_type !== undefined && params.grant_type !== GRANT_TOKEN_EXCHANGE && params.grant_type !== GRANT_JWT_BEARER) {
    throw new UnsupportedGrantTypeError(`/oauth/claim takes grant_type ${GRANT_TOKEN_EXCHANGE} or ${GRANT_JWT_BEARER}, or none; "${params.grant_type}" is not one of them.`);
  }
  if (params.assertion !== undefined && params.subject_token !== undefined) throw new InvalidRequestError('Send the assertion once: as "assertion" or as "subject_token", not both.');
  const assertion = params.assertion ?? params.subject_token;
  const typeParameter = params.assertion_type !== undefined ? 'assertion_type' : 'subject_token_type';
  const type = params[typeParameter];
  if (!assertion) throw new InvalidRequestError('The "assertion" parameter is required (a verified-email assertion or an ID-JAG).');
  const kind = type ? assertionKind(type, assertion, typeParameter) : inferredKind(assertion);
  // RFC 8707 §2: the token may be asked for one of our resources; checked before the assertion is spent.
  const requested = resourceParam(ctx.issuer, params.resource);

  let client: ClientRecord | undefined = (await authenticateClient(ctx.clients, request))?.client;
  const named = !client && kind === 'id-jag' ? namedClientId(assertion) : undefined;
  if (named !== undefined) {
    // The ID-JAG names its client (draft-ietf-oauth-identity-assertion-authz-grant: the client_id
    // claim is the client at this server), checked before the assertion is spent. A registered
    // public client is used as is; a confidential one must authenticate, which this request did
    // not do; a client unknown here cannot be the one the assertion was issued to, so no client
    // is made up for it.
    const existing = await ctx.clients.get(named);
    if (!existing) throw new InvalidGrantError(`The ID-JAG's "client_id" claim names no client known here; register the client at /oauth/register and have the assertion issued for its client_id.`);
    if (existing.token_endpoint_auth_method !== 'none') {
      throw new InvalidClientError('The ID-JAG names a confidential client; authenticate it (client_id and client_secret).', false);
    }
    client = existing;
  }

  const claims = await checkAssertion(ctx, assertion, kind, client?.client_id);
  const subject = assertionSubject(kind, claims);
  const limits = [client?.scope, kind === 'id-jag' ? assertionScope(claims) : undefined];
  const scope = resolveScope(params.scope, ...limits);
  const resource = kind === 'id-jag' ? withinAssertion(ctx.issuer, requested, claims.resource) : requested;
  await spendAssertion(ctx, kind, claims);

  if (!client) {
    client = {
      client_id: mintClientId(ctx.random),
      client_name: `identity assertion (${kind})`,
      token_endpoint_auth_method: 'none',
      grant_types: [GRANT_CLIENT_CREDENTIALS],
      scope: ALL_SCOPES,
      secret_hash: null,
      client_id_issued_at: Math.floor(ctx.clock.now() / 1000),
      redirect_uris: [],
      client_uri: null,
      logo_uri: null,
    };
    await ctx.store.clients.create(client);
  }
  const issued = await issueAccessToken(ctx, { client, scope, identityType: 'identity_assertion', subject, resource }, `claim:${kind}`);
  return { ...issued, issued_token_type: TOKEN_TYPE_ACCESS_TOKEN };
}
