import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { ID_JAG_TYP } from './identifiers.js';
import type { TrustedIssuerSet } from './trusted-issuers.js';

/** Allowed clock skew between us and an assertion's issuer. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * The longest an assertion may still have to live: they are meant to be short-lived (the ID-JAG
 * draft's are minutes), and each one's `jti` is kept until it expires, so one good for ten years
 * would be a ten-year replay record. A day leaves room for any issuer's sensible choice.
 */
export const MAX_ASSERTION_LIFETIME_SECONDS = 24 * 60 * 60;

export type AssertionKind = 'id-jag' | 'verified_email';

export type AssertionFailure =
  | 'malformed'
  | 'unsupported_alg'
  | 'untrusted_issuer'
  | 'issuer_not_trusted_for_type'
  | 'unknown_key'
  | 'bad_signature'
  | 'wrong_typ'
  | 'unsupported_crit'
  | 'wrong_audience'
  | 'expired'
  | 'not_yet_valid'
  | 'lives_too_long'
  | 'missing_claim'
  | 'client_mismatch'
  | 'key_bound'
  | 'email_not_verified'
  | 'replayed'
  | 'keys_unavailable';

export interface AssertionClaims extends JWTPayload {
  iss: string;
  jti: string;
  exp: number;
  iat: number;
}

export type AssertionResult = { ok: true; claims: AssertionClaims } | { ok: false; reason: AssertionFailure; claim?: string };

export interface AssertionExpectations {
  kind: AssertionKind;
  /** our issuer identifier (= PUBLIC_URL); the assertion's `aud` must name it */
  audience: string;
  nowMs: number;
  /** ID-JAG: the client_id claim must equal the requesting client, when one is known */
  clientId?: string | undefined;
}

const fail = (reason: AssertionFailure, claim?: string): AssertionResult => ({ ok: false, reason, ...(claim ? { claim } : {}) });

/**
 * A JWS `typ` as compared: RFC 7515 §4.1.9 has recipients treat a value without "/" as if
 * "application/" were prepended, and media types are case-insensitive (RFC 9110 §8.3.1).
 * So `application/oauth-id-jag+jwt`, `OAUTH-ID-JAG+JWT` and `oauth-id-jag+jwt` are one type.
 */
export function jwtType(typ: unknown): string | undefined {
  if (typeof typ !== 'string') return undefined;
  const lower = typ.toLowerCase();
  return lower.startsWith('application/') ? lower.slice('application/'.length) : lower;
}

/** An untyped JWT, or one typed only as a JWT: what identity providers sign ID tokens as. */
const PLAIN_JWT_TYPES = new Set([undefined, 'jwt']);

/**
 * Verifies an ID-JAG (draft-ietf-oauth-identity-assertion-authz-grant §3) or a verified-email
 * assertion: trusted issuer, its keys and allowed asymmetric algorithms, `typ`, `aud`, the
 * `exp`/`iat`/`nbf` window with {@link CLOCK_SKEW_SECONDS} of skew, and the claims each kind
 * needs. Replay (`jti`) is checked by the caller against shared storage. Pure apart from
 * fetching a configured issuer's JWKS.
 */
export async function verifyAssertion(jwt: string, trusted: TrustedIssuerSet, expect: AssertionExpectations): Promise<AssertionResult> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  let unverified: JWTPayload;
  try {
    header = decodeProtectedHeader(jwt);
    unverified = decodeJwt(jwt);
  } catch {
    return fail('malformed');
  }
  // RFC 8725 §3.1/§3.2: no "none", no HMAC (a public key is not a shared secret).
  if (typeof header.alg !== 'string' || header.alg === 'none' || /^HS/i.test(header.alg)) return fail('unsupported_alg');
  if (typeof unverified.iss !== 'string') return fail('missing_claim', 'iss');
  const issuer = trusted.get(unverified.iss);
  if (!issuer) return fail('untrusted_issuer');
  if (!issuer.types.includes(expect.kind)) return fail('issuer_not_trusted_for_type');
  if (!issuer.algorithms.includes(header.alg)) return fail('unsupported_alg');
  // RFC 8725 §3.11: explicit typing keeps one kind of JWT (an ID-JAG, an access token, a logout
  // token) from being redeemed as another.
  const typ = jwtType(header.typ);
  if (expect.kind === 'id-jag' && typ !== ID_JAG_TYP) return fail('wrong_typ');
  if (expect.kind === 'verified_email' && !PLAIN_JWT_TYPES.has(typ)) return fail('wrong_typ');
  // RFC 7515 §4.1.11: a critical extension the recipient does not understand (we know none) fails.
  if (header.crit !== undefined) return fail('unsupported_crit');

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jwt, issuer.getKey, {
      algorithms: [...issuer.algorithms],
      issuer: issuer.issuer,
      audience: expect.audience,
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: new Date(expect.nowMs),
      requiredClaims: ['exp', 'iat', 'jti'],
    }));
  } catch (error) {
    return classify(error);
  }
  if (typeof payload.jti !== 'string' || payload.jti === '' || payload.jti.length > 255) return fail('missing_claim', 'jti');
  // jose checks `iat` only against a maximum age; an assertion issued in the future is not yet valid.
  if (typeof payload.iat === 'number' && payload.iat > expect.nowMs / 1000 + CLOCK_SKEW_SECONDS) return fail('not_yet_valid');
  if (typeof payload.exp === 'number' && payload.exp > expect.nowMs / 1000 + MAX_ASSERTION_LIFETIME_SECONDS) return fail('lives_too_long');

  if (expect.kind === 'id-jag') {
    // The draft's processing rules: an `aud` array MUST hold exactly one element, our issuer (jose
    // checked that it holds ours); more would let one ID-JAG be redeemed at several servers.
    if (Array.isArray(payload.aud) && payload.aud.length !== 1) return fail('wrong_audience');
    if (typeof payload.sub !== 'string' || payload.sub === '') return fail('missing_claim', 'sub');
    if (typeof payload.client_id !== 'string' || payload.client_id === '') return fail('missing_claim', 'client_id');
    if (expect.clientId !== undefined && payload.client_id !== expect.clientId) return fail('client_mismatch');
    // The draft ("ID-JAG Contains cnf Claim but DPoP Proof is Not Presented"): a key-bound ID-JAG
    // MUST be refused without a proof of possession, and this server verifies no DPoP proof.
    if (payload.cnf !== undefined) return fail('key_bound');
  } else {
    if (typeof payload.email !== 'string' || !payload.email.includes('@')) return fail('missing_claim', 'email');
    // OpenID Connect Core §5.1: only an explicit `true` means the issuer verified the address.
    if (payload.email_verified !== true) return fail('email_not_verified');
  }
  return { ok: true, claims: payload as AssertionClaims };
}

function classify(error: unknown): AssertionResult {
  if (error instanceof errors.JWTExpired) return fail(error.claim === 'iat' ? 'not_yet_valid' : 'expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return fail('missing_claim', error.claim);
    if (error.claim === 'aud') return fail('wrong_audience');
    if (error.claim === 'nbf' || error.claim === 'iat') return fail('not_yet_valid');
    if (error.claim === 'iss') return fail('untrusted_issuer');
    return fail('malformed');
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return fail('unknown_key');
  if (error instanceof errors.JWSSignatureVerificationFailed) return fail('bad_signature');
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return fail('unsupported_alg');
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return fail('keys_unavailable');
  if (error instanceof errors.JOSEError) return fail('malformed');
  // A failed JWKS fetch surfaces as a plain network error.
  return fail('keys_unavailable');
}

/**
 * The one mapping from a failed check to the `error_description` of an invalid_grant: says
 * which check failed, never key material or the assertion's content.
 */
export function describeAssertionFailure(reason: AssertionFailure, claim?: string): string {
  switch (reason) {
    case 'malformed':
      return 'The assertion is not a well-formed signed JWT.';
    case 'unsupported_alg':
      return 'The assertion is signed with an algorithm this issuer is not allowed to use ("none" and HMAC are never accepted).';
    case 'untrusted_issuer':
      return 'The assertion\'s issuer ("iss") is not a trusted issuer of this server.';
    case 'issuer_not_trusted_for_type':
      return 'The assertion\'s issuer is not trusted for this assertion type.';
    case 'unknown_key':
      return 'No key of the issuer matches the assertion\'s "kid".';
    case 'bad_signature':
      return 'The assertion\'s signature does not verify.';
    case 'wrong_typ':
      return `The assertion's "typ" header is wrong (an ID-JAG must be "${ID_JAG_TYP}"; a verified-email assertion "JWT" or none).`;
    case 'unsupported_crit':
      return 'The assertion names critical header extensions ("crit") this server does not understand (RFC 7515 §4.1.11).';
    case 'wrong_audience':
      return 'The assertion\'s audience ("aud") is not this server\'s issuer identifier (an ID-JAG names it alone).';
    case 'expired':
      return 'The assertion has expired ("exp").';
    case 'not_yet_valid':
      return 'The assertion is not yet valid ("iat" or "nbf" is in the future).';
    case 'lives_too_long':
      return `The assertion expires too far ahead ("exp" more than ${MAX_ASSERTION_LIFETIME_SECONDS / 3600} hours from now); assertions must be short-lived.`;
    case 'missing_claim':
      return `The assertion lacks a required claim${claim ? ` ("${claim}")` : ''}.`;
    case 'client_mismatch':
      return 'The assertion\'s "client_id" claim does not name the requesting client.';
    case 'key_bound':
      return 'The ID-JAG is bound to a key ("cnf"); this server accepts no DPoP proof of possession, so it can redeem only unbound ID-JAGs.';
    case 'email_not_verified':
      return 'The assertion does not state "email_verified": true.';
    case 'replayed':
      return 'The assertion was already used ("jti" seen before); obtain a fresh one.';
    case 'keys_unavailable':
      return 'The issuer\'s signing keys could not be retrieved; retry later.';
    default: {
      const unreachable: never = reason;
      return unreachable;
    }
  }
}
