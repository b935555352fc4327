import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { TrustedIssuer } from '../config.js';

/** A configured issuer with its key source, built once at start (remote sets cache their keys). */
export interface IssuerKeys {
  issuer: string;
  types: readonly ('id-jag' | 'verified_email')[];
  algorithms: readonly string[];
  getKey: JWTVerifyGetKey;
}

export type TrustedIssuerSet = ReadonlyMap<string, IssuerKeys>;

/** Only these issuers' keys are ever used or fetched (docs/design.md §4): nothing from the token itself. */
export function buildTrustedIssuers(issuers: readonly TrustedIssuer[]): TrustedIssuerSet {
  const out = new Map<string, IssuerKeys>();
  for (const t of issuers) {
    const getKey = t.jwks
      ? (createLocalJWKSet(t.jwks as never) as JWTVerifyGetKey)
      : (createRemoteJWKSet(new URL(t.jwks_uri!), { timeoutDuration: 3000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 }) as JWTVerifyGetKey);
    out.set(t.issuer, { issuer: t.issuer, types: t.types, algorithms: t.algorithms, getKey });
  }
  return out;
}
