import { GRANT_CLIENT_CREDENTIALS } from '../identifiers.js';
import { issueAccessToken } from '../issue.js';
import { resourceParam } from '../resources.js';
import { resolveScope } from '../scopes.js';
import type { Grant } from './grant.js';

/** RFC 6749 §4.4: the anonymous method (seed §5.4); a public client identifies with client_id alone. */
export const clientCredentials: Grant = {
  type: GRANT_CLIENT_CREDENTIALS,
  async exchange(ctx, { params }, client) {
    const scope = resolveScope(params.scope, client.scope);
    // RFC 8707 §2: a token request may name the resource it is for.
    const resource = resourceParam(ctx.issuer, params.resource);
    return issueAccessToken(ctx, { client, scope, identityType: 'anonymous', subject: null, resource }, GRANT_CLIENT_CREDENTIALS);
  },
};
