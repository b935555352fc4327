import { GRANT_AUTHORIZATION_CODE } from '../identifiers.js';
import { issueWithRefresh } from '../issue.js';
import { InvalidGrantError, InvalidRequestError, InvalidTargetError } from '../oauth-error.js';
import { verifierMatches } from '../pkce.js';
import { resolveResource } from '../resources.js';
import { hashSecret } from '../tokens.js';
import { revokeGrant } from '../revoke-grant.js';
import type { OAuthContext } from '../context.js';
import type { Grant } from './grant.js';

/** One message for every bad code, so an attacker learns nothing about which check failed. */
const BAD_CODE = 'The authorization code is invalid, expired, already used, or was issued to another client or redirect URI.';

/** RFC 6749 §4.1.3 with PKCE (RFC 7636 §4.5) and resource indicators (RFC 8707 §2.2). */
export const authorizationCode: Grant = {
  type: GRANT_AUTHORIZATION_CODE,
  async exchange(ctx, { params }, client) {
    if (!params.code) throw new InvalidRequestError('The "code" parameter is required.');
    // RFC 9700 §2.1.1: PKCE is required, so a request without a verifier cannot succeed.
    if (!params.code_verifier) throw new InvalidRequestError('The "code_verifier" parameter is required (PKCE, RFC 7636 §4.5).');
    const now = ctx.clock.now();
    const hash = hashSecret(params.code);
    const used = await ctx.store.authorizationCodes.use(hash, now);
    if (!used) throw new InvalidGrantError(BAD_CODE);
    const code = used.record;
    if (!used.firstUse) return replayed(ctx, hash, code.grant_id);
    if (code.expires_at <= now || code.client_id !== client.client_id) throw new InvalidGrantError(BAD_CODE);
    // RFC 6749 §4.1.3: redirect_uri is "REQUIRED, if the redirect_uri parameter was included in the
    // authorization request", and "their values MUST be identical".
    if (params.redirect_uri === undefined && code.redirect_uri_named) throw new InvalidRequestError('The "redirect_uri" parameter is required: the authorization request named one (RFC 6749 §4.1.3).');
    if (params.redirect_uri !== undefined && params.redirect_uri !== code.redirect_uri) throw new InvalidGrantError(BAD_CODE);
    if (!verifierMatches(params.code_verifier, code.code_challenge)) throw new InvalidGrantError('The code_verifier does not match the code_challenge (RFC 7636 §4.6).');
    // RFC 8707 §2.2: the token request may name the resource; it must be the one consented to.
    let resource = code.resource;
    if (params.resource !== undefined) {
      const asked = resolveResource(ctx.issuer, [params.resource]);
      if (code.resource !== null && asked !== code.resource) throw new InvalidTargetError('The resource differs from the one the authorization request named.');
      resource = asked;
    }
    const issued = await issueWithRefresh(ctx, { client, scope: code.scope, identityType: code.identity_type, subject: code.subject, resource, grantId: code.grant_id }, { scope: code.scope, resource: code.resource }, GRANT_AUTHORIZATION_CODE);
    // A replay racing this redemption revoked the grant before these tokens existed: it discards
    // the code first, so either its absence is seen here, or the revocation came after the inserts.
    if (!(await ctx.store.authorizationCodes.find(hash))) return replayed(ctx, hash, code.grant_id);
    return issued;
  },
};

/** RFC 6749 §4.1.2: a code used twice SHOULD revoke every token issued from it (discarded first: see above). */
async function replayed(ctx: OAuthContext, hash: string, grantId: string): Promise<never> {
  await ctx.store.authorizationCodes.discard(hash);
  await revokeGrant(ctx, grantId, 'authorization_code_replayed');
  throw new InvalidGrantError(BAD_CODE);
}
