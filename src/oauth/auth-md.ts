import type { Config } from '../config.js';
import { ASSERTION_TYPE_VERIFIED_EMAIL, GRANT_JWT_BEARER, ID_JAG_TYP, TOKEN_TYPE_ID_JAG } from './identifiers.js';
import { SANDBOX_SCENARIO_ALIASES, SANDBOX_SCENARIOS } from '../model/sandbox-scenarios.js';
import { authorizationServerMetadata } from './metadata.js';

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h (${seconds} s)`;
  if (seconds % 60 === 0) return `${seconds / 60} min (${seconds} s)`;
  return `${seconds} s`;
}

/**
 * /auth.md: the authentication walkthrough an agent can follow end to end with curl. Built
 * from the configuration, so every URL, lifetime and issuer is this server's.
 */
export function renderAuthMd(config: Config, studioName = 'vitrine'): string {
  const b = config.publicUrl;
  const ttl = config.accessTokenTtlSeconds;
  const issuers = config.trustedIssuers.length
    ? config.trustedIssuers.map((t) => `- \`${t.issuer}\` — types: ${t.types.join(', ')}; algorithms: ${t.algorithms.join(', ')}`).join('\n')
    : '- (none configured: Method B is unavailable on this server until the operator sets `TRUSTED_ISSUERS`)';
  return `# Authenticating with ${studioName.replace(/[\r\n]+/g, ' ')}

This server publishes a portfolio catalog. **Reads need no credential.** Writes
(\`POST /api/v1/inquiries\`, \`POST /api/v1/sandbox/inquiries\`, and the MCP \`submit_inquiry\` tool)
accept an **optional** \`Authorization: Bearer <token>\` that attributes the write to your client.
A token you do send is always checked, on reads too: one that is unknown, expired or revoked gets
\`401 invalid_token\`, never an anonymous answer. Everything here is free: no account, payment or waitlist.

Discovery documents:

- Authorization server metadata (RFC 8414): ${b}/.well-known/oauth-authorization-server
- Protected resource metadata (RFC 9728): ${b}/.well-known/oauth-protected-resource
  (and ${b}/.well-known/oauth-protected-resource/mcp for the MCP endpoint)
- OpenAPI description: ${b}/openapi.json

## Agent registration

The authorization server metadata carries this \`agent_auth\` block: where to register, claim
and revoke, and per identity type what you can present and what you get back.

\`\`\`json
${JSON.stringify({ agent_auth: authorizationServerMetadata(b).agent_auth }, null, 2)}
\`\`\`

## Quickest path: a free API key

\`\`\`sh
curl -s -X POST ${b}/api/v1/keys -H 'Content-Type: application/json' -d '{"client_name":"my-agent"}'
# or simply: curl -s ${b}/api/v1/keys
\`\`\`

Response (201 for POST, 200 for GET; \`Cache-Control: no-store\`):

\`\`\`json
{
  "api_key": "vt_key_…",
  "token": "vt_at_…",
  "token_type": "Bearer",
  "expires_in": ${ttl},
  "scope": "catalog:read inquiries:write sandbox:write",
  "client_id": "vt_client_…",
  "token_endpoint": "${b}/oauth/token",
  "sandbox": { "base_url": "${b}/api/v1/sandbox", "scope": "sandbox:write", … }
}
\`\`\`

\`api_key\` does not expire until you revoke it; \`token\` is an access token that expires after
${duration(ttl)}. Both work as \`Authorization: Bearer …\`. Store them like passwords: the server
keeps only their SHA-256 hashes and cannot show them again. The \`client_id\` is a public client,
so you can also get fresh access tokens for it with Method A, step 2.

## Method A — anonymous (recommended; no user involved)

1. Register a public client (RFC 7591). No secret is issued or needed:

   \`\`\`sh
   curl -s -X POST ${b}/oauth/register -H 'Content-Type: application/json' \\
     -d '{"client_name":"my-agent","token_endpoint_auth_method":"none"}'
   \`\`\`

   → \`201\` with \`client_id\`, \`client_id_issued_at\`, \`grant_types\` (\`["client_credentials"]\`),
   \`token_endpoint_auth_method\` and \`scope\`. Omitting \`token_endpoint_auth_method\` also registers
   a public client. Other unknown metadata is ignored.

2. Get an access token with the client-credentials grant. A public client identifies itself with
   \`client_id\` alone in the form body — that is the whole anonymous method:

   \`\`\`sh
   curl -s -X POST ${b}/oauth/token \\
     -d grant_type=client_credentials -d client_id=CLIENT_ID
   \`\`\`

   → \`{"access_token":"vt_at_…","token_type":"Bearer","expires_in":${ttl},"scope":"catalog:read inquiries:write sandbox:write"}\`

   Add \`-d 'scope=sandbox:write'\` to ask for less. The body must be
   \`application/x-www-form-urlencoded\` (curl's \`-d\` default).

**Confidential clients** (optional): register with \`"token_endpoint_auth_method":"client_secret_basic"\`
(or \`client_secret_post\`); the \`client_secret\` is returned once. Then authenticate with
\`curl -u CLIENT_ID:CLIENT_SECRET …\` (Basic) or \`-d client_id=… -d client_secret=…\` (post).

## Method B — identity assertion (\`identity_assertion\`)

Exchange an assertion from a trusted identity provider at \`/oauth/claim\`. The token then records
who you act for (the verified email, or the ID-JAG's issuer and subject).

Trusted issuers on this server:

${issuers}

Two assertion types:

- \`${ASSERTION_TYPE_VERIFIED_EMAIL}\`: a signed JWT from a trusted issuer with \`email\`,
  \`email_verified: true\`, \`aud\` = \`${b}\`, \`iat\`, \`exp\` and a unique \`jti\`.
- \`${TOKEN_TYPE_ID_JAG}\`: an Identity Assertion JWT Authorization Grant (ID-JAG) with header
  \`typ: ${ID_JAG_TYP}\`, \`aud\` = \`${b}\`, \`client_id\` = your client, \`sub\`, \`iat\`, \`exp\`, \`jti\`.
  An optional \`resource\` claim must name \`${b}\` or \`${b}/mcp\`; the token is then bound to it.
  An \`aud\` array must hold this issuer alone, and a key-bound ID-JAG (\`cnf\`) is refused: this
  server takes no DPoP proof.

A verified-email assertion is an untyped JWT or \`typ: JWT\`; other typed JWTs (access tokens,
logout tokens) are refused. Send \`-d resource=…\` (RFC 8707) to bind the token to the API or to
\`/mcp\`.

\`assertion_type\` is optional: without it, a JWT whose header has \`typ: ${ID_JAG_TYP}\` is taken
as an ID-JAG and any other JWT as \`${ASSERTION_TYPE_VERIFIED_EMAIL}\` (a value that is not a JWT is
\`invalid_grant\`). Naming the type explicitly works as well.

\`\`\`sh
curl -s -X POST ${b}/oauth/claim -d assertion=eyJhbGciOi…

curl -s -X POST ${b}/oauth/claim \\
  -d assertion_type=${ASSERTION_TYPE_VERIFIED_EMAIL} -d assertion=eyJhbGciOi…

curl -s -X POST ${b}/oauth/claim \\
  -d assertion_type=${TOKEN_TYPE_ID_JAG} -d assertion=eyJ0eXAiOiJvYXV0aC1pZC1qYWcrand0Ii… \\
  -d client_id=CLIENT_ID
\`\`\`

JSON bodies (\`{"assertion":"…","assertion_type":"…"}\`) and the RFC 8693 names
\`subject_token\` / \`subject_token_type\` are accepted too, with the types above or RFC 8693's
generic \`urn:ietf:params:oauth:token-type:jwt\` (or \`…:id_token\`), for which the JWT's \`typ\` tells
the kind, as when no type is sent. A verified-email assertion without
\`client_id\` gets a public client registered for you (its id is the token's attribution); an
ID-JAG is redeemed for the client its \`client_id\` claim names, which must be registered here. The response is the same token response
as Method A. Each assertion works once (\`jti\`; a request refused for its scope or resource does
not use it up), and its \`exp\`/\`iat\` are checked with 60 s of
clock skew (an \`exp\` more than a day ahead is refused: assertions are short-lived); only
asymmetric algorithms the issuer is configured for are accepted.

An ID-JAG can also be redeemed at the token endpoint (RFC 7523):

\`\`\`sh
curl -s -X POST ${b}/oauth/token -d grant_type=${GRANT_JWT_BEARER} \\
  -d assertion=eyJ0eXAiOiJvYXV0aC1pZC1qYWcrand0Ii… -d client_id=CLIENT_ID
\`\`\`

(the client must have registered \`"grant_types":["${GRANT_JWT_BEARER}"]\`).

## Method C — authorization code with PKCE (a person in a browser)

What desktop and web MCP clients do (the MCP authorization spec). Discover the server from
\`${b}/.well-known/oauth-protected-resource/mcp\`, then:

1. Identify the client: register with \`"redirect_uris":["http://127.0.0.1/callback"]\` (https,
   http on a loopback address with any port, or a native app's own scheme such as
   \`com.example.app:/callback\`, RFC 8252 §7.1) — grant types then default to
   \`authorization_code\` and \`refresh_token\` — or use the https URL of your client ID metadata
   document as \`client_id\` (its \`client_id\` must equal that URL; \`redirect_uri\` must match one of its
   \`redirect_uris\` exactly).
2. Send the person's browser to
   \`${b}/oauth/authorize?response_type=code&client_id=…&redirect_uri=…&code_challenge=…&code_challenge_method=S256&state=…&resource=${b}/mcp\`.
   PKCE with S256 is required. The consent page lets the person allow anonymously, allow as an
   email address they prove with a mailed six-digit code (the token then acts for that verified
   address), or deny (\`error=access_denied\`). The answer carries \`code\`, \`state\` and \`iss\`
   (RFC 9207: check it equals \`${b}\`).
3. Within 60 s, once: \`curl -s -X POST ${b}/oauth/token -d grant_type=authorization_code -d code=… -d code_verifier=… -d redirect_uri=… -d client_id=…\`
   → an access token and a \`refresh_token\`.
4. Refresh: \`-d grant_type=refresh_token -d refresh_token=… -d client_id=…\`. Every use returns a
   new refresh token; using an old one again revokes the whole grant.

\`resource\` (RFC 8707) is \`${b}\` (the API) or \`${b}/mcp\`; a token bound to one is refused
by the other, and any other value is \`invalid_target\`. Without it the token works at both.

## Using the token on a write

\`\`\`sh
curl -s -X POST ${b}/api/v1/inquiries \\
  -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"name":"Ada","email":"ada@example.com","message":"We would like a similar trip planner."}'
\`\`\`

The bearer is optional: without it the write is anonymous. A bearer that is present but
malformed, unknown, expired or revoked is **never** treated as anonymous — it gets \`401\`.
Only the \`Bearer\` scheme is accepted in \`Authorization\` (RFC 6750 §2.1); any other scheme, or
\`Bearer\` with no token, is refused too: \`401\` with a challenge that carries no error code, since
the request holds no credential this service takes (§3.1). A token in the query string
(\`?access_token=\`) is refused with \`400\`: send it in the header (§2.3, §5.3).

## Scopes

| scope | allows |
|---|---|
| \`catalog:read\` | reading the catalog (reads need no token anyway) |
| \`inquiries:write\` | real inquiries (\`POST /api/v1/inquiries\`, MCP \`submit_inquiry\`) |
| \`sandbox:write\` | sandbox writes under \`/api/v1/sandbox/\` |

By default a token carries all three: \`catalog:read inquiries:write sandbox:write\`. A token
without the scope a write needs gets \`403 insufficient_scope\`.

## Token lifetimes

- Access tokens (\`vt_at_…\`): ${duration(ttl)} (\`expires_in\`). Get a new one the same way, or
  with a refresh token (Method C only).
- Refresh tokens (\`vt_rt_…\`): ${duration(config.refreshTokenTtlSeconds)}, rotated on every use.
- Authorization codes: 60 s, one use.
- API keys (\`vt_key_…\`): no expiry until revoked.
- Client registrations do not expire; client secrets do not expire (\`client_secret_expires_at: 0\`).
- A revoked credential stops working at once on the instance that revoked it and within
  ${config.credentialCacheSeconds} s everywhere.

## Revoking

\`\`\`sh
curl -s -X POST ${b}/oauth/revoke -d token=$TOKEN      # an access token, API key or refresh token
\`\`\`

RFC 7009: the answer is \`200\` with an empty body, also for tokens the server does not know.
Revoking an API key also ends the \`token\` handed out with it; revoking a refresh token ends the
access tokens of its grant.
Public clients need no authentication to revoke; a confidential client that sends its
credentials can revoke only its own tokens.

## Errors and what to do

OAuth endpoints (\`/oauth/*\`) answer RFC 6749 JSON: \`{"error":"…","error_description":"…"}\`.
The API answers \`application/problem+json\` (RFC 9457) with a stable \`error\` code.

| error | status | where | meaning → what to do |
|---|---|---|---|
| \`invalid_request\` | 400 | /oauth/* | a parameter is missing, repeated or malformed → fix the request as the description says |
| \`invalid_client\` | 401 | /oauth/token, /oauth/claim, /oauth/revoke | unknown \`client_id\`, wrong secret or wrong authentication method → register again or fix the credentials |
| \`invalid_grant\` | 400 | /oauth/token, /oauth/claim | the assertion failed a check (signature, issuer, audience, expiry, replay, …; the description names which) → get a fresh assertion |
| \`unauthorized_client\` | 400 | /oauth/token | the client did not register this grant type → register with the right \`grant_types\` |
| \`unsupported_grant_type\` | 400 | /oauth/token | use \`client_credentials\`, \`authorization_code\`, \`refresh_token\` or \`${GRANT_JWT_BEARER}\` |
| \`invalid_scope\` | 400 | /oauth/token, /oauth/claim | unknown scope or beyond the client's → ask for a subset of \`catalog:read inquiries:write sandbox:write\` |
| \`invalid_target\` | 400 | /oauth/token, /oauth/claim, /oauth/authorize | \`resource\` is not \`${b}\` or \`${b}/mcp\`, names more than one, or is wider than the grant → ask for one of the two |
| \`invalid_client_metadata\` | 400 | /oauth/register | a metadata field has the wrong type or an unsupported value → see the description |
| \`invalid_token\` | 401 | writes | the bearer is malformed, unknown, expired or revoked → get a new token (Method A step 2) or drop the header |
| \`insufficient_scope\` | 403 | writes | the token lacks the scope named in \`WWW-Authenticate\` → request a token with it |
| \`rate_limited\` | 429 | anywhere | wait \`Retry-After\` seconds; the \`RateLimit\` / \`RateLimit-Policy\` headers show the quota |

A \`401\` on a write carries
\`WWW-Authenticate: Bearer error="invalid_token", resource_metadata="${b}/.well-known/oauth-protected-resource"\`.

## Idempotency

Send \`Idempotency-Key: <unique string>\` (1–255 characters; at least 16 on \`POST /api/v1/keys\`,
whose replay hands out the key again, so use a UUID) on every write. A retry with the same
key and body replays the stored response with \`Idempotent-Replayed: true\`; the same key with a
different body is \`422\`; while the first request is still running, \`409\` (a retry of an inquiry
waits the moment its first request takes to commit, and replays it). Keys are kept for
${duration(config.idempotencyTtlSeconds)}, per client (or per anonymous caller).

## Sandbox

\`${b}/api/v1/sandbox/\` is the test environment: \`GET ${b}/api/v1/sandbox/projects\` serves a
fixed fixture catalog and \`POST ${b}/api/v1/sandbox/inquiries\` validates and answers like the
real path (with \`"sandbox": true\`) but stores nothing. Sandbox writes need the \`sandbox:write\`
scope when a token is sent.

Rehearse failures on purpose with the \`Sandbox-Scenario\` request header on a sandbox write,
naming the error code you want to handle:

${SANDBOX_SCENARIOS.map((s) => `- \`${s}\``).join('\n')}

Each makes the sandbox answer with that failure in its real shape (status, headers, problem body
with that \`error\` code), plus a \`Sandbox-Scenario: <name>\` response header: an answer without
it is real. The first names ${Object.keys(SANDBOX_SCENARIO_ALIASES).map((s) => `\`${s}\``).join(', ')} still work. Over MCP,
send the header with a \`submit_inquiry\` call that has \`sandbox: true\`: \`rate_limited\` and
\`invalid_token\` fail the HTTP request (429, 401) as the real ones do, the others are the tool's
\`isError\` result. For example:

\`\`\`sh
curl -si -X POST ${b}/api/v1/sandbox/inquiries -H 'Sandbox-Scenario: invalid_token' \\
  -H 'Content-Type: application/json' -d '{}'
\`\`\`
`;
}
