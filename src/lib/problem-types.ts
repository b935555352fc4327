import { ERROR_CODES, type ErrorCode } from './errors.js';

/** What a problem type means and what a client does about it: the page its `type` URI serves. */
export interface ProblemType {
  /** the `type` URI's last segment: the code with hyphens (`invalid-token`) */
  slug: string;
  /** the problem's `error` member */
  code: ErrorCode;
  /** the HTTP status(es) it comes with */
  status: readonly number[];
  title: string;
  meaning: string;
  remedy: string;
}

/** Where the problem types are documented: `type` is {base}/problems/{slug}. */
export const PROBLEMS_PATH = '/problems';

/** The `type` URI's last segment for a problem's code (RFC 9457 §3.1.1: a stable URI a person can open). */
export function problemTypeSlug(code: string): string {
  return code.replace(/_/g, '-');
}

/** The rate limiter's 429 names the draft's quota-exceeded type (draft-ietf-httpapi-ratelimit-headers). */
export const QUOTA_EXCEEDED = 'quota-exceeded';

const RETRY_LATER = 'Wait the number of seconds in `Retry-After`, then send the same request again.';

const BY_CODE: Record<ErrorCode, Omit<ProblemType, 'slug' | 'code'>> = {
  [ERROR_CODES.validation]: { status: [400], title: 'Invalid request', meaning: 'A query parameter, path parameter or body field failed validation: unknown, missing, of the wrong type or out of range.', remedy: 'The `errors` member lists each field as `{path, message}`. Correct those fields and send the request again.' },
  [ERROR_CODES.badRequest]: { status: [400], title: 'Bad request', meaning: 'The request could not be read: a malformed header, encoding or request target.', remedy: 'Check the request as your client sends it (headers, percent-encoding) and send it again.' },
  [ERROR_CODES.malformedJson]: { status: [400], title: 'Malformed JSON', meaning: 'The body is labelled JSON but does not parse.', remedy: 'Send a valid JSON document (one object for every endpoint that takes JSON).' },
  [ERROR_CODES.unsupportedMediaType]: { status: [415], title: 'Unsupported media type', meaning: 'The body is of a content type this endpoint does not take.', remedy: 'Send the body with the type the `Accept-Post` header names, usually `Content-Type: application/json`.' },
  [ERROR_CODES.payloadTooLarge]: { status: [413], title: 'Payload too large', meaning: 'The body is larger than this server accepts (64 KiB by default; image uploads have their own limit).', remedy: 'Send a smaller body. The `detail` member gives the limit.' },
  [ERROR_CODES.notFound]: { status: [404], title: 'Not found', meaning: 'Nothing is published at this address: an unknown path, or a project that does not exist or is not published.', remedy: 'List what exists (for projects, `GET /api/v1/projects`) and use an address from there.' },
  [ERROR_CODES.methodNotAllowed]: { status: [405], title: 'Method not allowed', meaning: 'The resource exists, but not for this method.', remedy: 'Use one of the methods the `Allow` header lists.' },
  [ERROR_CODES.notAcceptable]: { status: [406], title: 'Not acceptable', meaning: 'None of the media types in `Accept` is one this resource can be sent as.', remedy: 'Accept one of the types the `detail` member names (or send `Accept: */*`).' },
  [ERROR_CODES.conflict]: { status: [409], title: 'Idempotency key in flight', meaning: 'A request with the same `Idempotency-Key` is still being processed.', remedy: 'Send the same request again once the first has answered; it then replays that answer.' },
  [ERROR_CODES.keyReused]: { status: [422], title: 'Idempotency key reused', meaning: 'This `Idempotency-Key` was already used for a request with a different body.', remedy: 'Use a new key for a new request; reuse a key only to retry exactly the same request.' },
  [ERROR_CODES.unprocessable]: { status: [422], title: 'Unprocessable content', meaning: 'The request is well-formed but names something that does not exist, such as an unknown project slug in an inquiry.', remedy: 'The `errors` member names each field. For project slugs, use slugs from `GET /api/v1/projects` (in the sandbox, also `GET /api/v1/sandbox/projects`).' },
  [ERROR_CODES.unauthorized]: { status: [401], title: 'Authentication required', meaning: 'This operation needs a bearer token, and the request carried none.', remedy: 'Get a token as /auth.md describes (free, no account) and send it as `Authorization: Bearer <token>`.' },
  [ERROR_CODES.invalidToken]: { status: [401], title: 'Invalid token', meaning: 'The bearer token sent is malformed, unknown, expired or revoked (RFC 6750 §3.1). A token that is sent is always checked, on reads too: it is never ignored.', remedy: 'Get a new token (/auth.md), or send the request without an `Authorization` header. The `WWW-Authenticate` header points to the protected resource metadata (RFC 9728).' },
  [ERROR_CODES.insufficientScope]: { status: [403], title: 'Insufficient scope', meaning: 'The token is valid but lacks the scope this operation needs (RFC 6750 §3.1).', remedy: 'Request a token with the scope that the `WWW-Authenticate` header names.' },
  [ERROR_CODES.originNotAllowed]: { status: [403], title: 'Origin not allowed', meaning: 'A browser request came from an origin this endpoint does not accept (the MCP endpoint checks `Origin`).', remedy: 'Call it from an allowed origin, or from a program that sends no `Origin` header.' },
  [ERROR_CODES.rateLimited]: { status: [429], title: 'Too many requests', meaning: 'The client or address used up its quota for the current window.', remedy: `${RETRY_LATER} The \`RateLimit\` and \`RateLimit-Policy\` headers describe the quota.` },
  [ERROR_CODES.temporarilyUnavailable]: { status: [503], title: 'Temporarily unavailable', meaning: 'A part this request needs (the database, the rate-limit store, an identity provider\'s keys) cannot be reached right now.', remedy: RETRY_LATER },
  [ERROR_CODES.notReady]: { status: [503], title: 'Not ready', meaning: 'This instance is starting or shutting down and takes no traffic (`/readyz`).', remedy: `${RETRY_LATER} A load balancer sends it to another instance.` },
  [ERROR_CODES.unknownSandboxScenario]: { status: [400], title: 'Unknown sandbox scenario', meaning: 'The `Sandbox-Scenario` header names no scenario this sandbox rehearses.', remedy: 'Use one of the names the `detail` member lists, or leave the header out.' },
  [ERROR_CODES.preconditionFailed]: { status: [412], title: 'Precondition failed', meaning: 'The resource changed since the version named in `If-Match`, or has no representation for `If-Match` to name (a collection that only takes POST).', remedy: 'Read it again, apply the change to that version, and send it with its new ETag; to a POST-only collection, send the request without `If-Match`.' },
  [ERROR_CODES.preconditionRequired]: { status: [428], title: 'Precondition required', meaning: 'This change must name the version it applies to, so that two editors cannot overwrite each other.', remedy: 'Send `If-Match` with the ETag from your last read.' },
  [ERROR_CODES.internal]: { status: [500], title: 'Internal server error', meaning: 'Something went wrong on the server. The answer holds nothing of its cause.', remedy: 'Retry later. If it persists, quote the request id from `detail` (also in `X-Request-Id`) when reporting it.' },
};

/** Every problem type this server answers with, in the order the index lists them. */
export const PROBLEM_TYPES: readonly ProblemType[] = [
  ...Object.entries(BY_CODE).map(([code, entry]) => ({ slug: problemTypeSlug(code), code: code as ErrorCode, ...entry })),
  { slug: QUOTA_EXCEEDED, code: ERROR_CODES.rateLimited, status: [429], title: 'Quota exceeded', meaning: 'The client or address used up its quota for the current window; `violated-policies` names the policy.', remedy: `${RETRY_LATER} The \`RateLimit\` and \`RateLimit-Policy\` headers describe the quota.` },
];

const BY_SLUG = new Map(PROBLEM_TYPES.map((t) => [t.slug, t]));

export function problemType(slug: string): ProblemType | undefined {
  return BY_SLUG.get(slug);
}
