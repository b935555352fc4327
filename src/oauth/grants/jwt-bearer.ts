import { assertionScope, assertionSubject, checkAssertion, spendAssertion } from '../check-assertion.js';
import { GRANT_JWT_BEARER } from '../identifiers.js';
import { issueAccessToken } from '../issue.js';
import { InvalidRequestError } from '../oauth-error.js';
import { resourceParam, withinAssertion } from '../resources.js';
import { resolveScope } from '../scopes.js';
import type { Grant } from './grant.js';

/** RFC 7523 §2.1 with an ID-JAG as the assertion (draft-ietf-oauth-identity-assertion-authz-grant §4.3). */
export const jwtBearer: Grant = {
  type: GRANT_JWT_BEARER,
  async exchange(ctx, { params }, client) {
    if (!params.assertion) throw new InvalidRequestError('The "assertion" parameter (an ID-JAG) is required for this grant type.');
    // RFC 8707 §2: a token request may name the resource it is for; checked before the assertion is spent.
    const requested = resourceParam(ctx.issuer, params.resource);
    const claims = await checkAssertion(ctx, params.assertion, 'id-jag', client.client_id);
    const scope = resolveScope(params.scope, client.scope, assertionScope(claims));
    const resource = withinAssertion(ctx.issuer, requested, claims.resource);
    await spendAssertion(ctx, 'id-jag', claims);
    return issueAccessToken(ctx, { client, scope, identityType: 'identity_assertion', subject: assertionSubject('id-jag', claims), resource }, GRANT_JWT_BEARER);
  },
};
