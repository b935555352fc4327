import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** A test identity provider: its own key pair, published as inline JWKS for TRUSTED_ISSUERS. */
export interface TestIssuer {
  issuer: string;
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** an entry for the TRUSTED_ISSUERS JSON list */
  trustEntry(types?: ('id-jag' | 'verified_email')[]): Record<string, unknown>;
  /** signs `claims` with sensible defaults (iat/exp around `nowMs`, a fresh jti) */
  sign(claims: JWTPayload, options: { nowMs: number; typ?: string; kid?: string; alg?: string; expiresIn?: number; iatOffset?: number }): Promise<string>;
}

export async function createTestIssuer(issuer = 'https://idp.example.test'): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `k-${randomUUID().slice(0, 8)}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return {
    issuer,
    kid,
    privateKey,
    publicJwk,
    trustEntry: (types = ['id-jag', 'verified_email']) => ({ issuer, jwks: { keys: [publicJwk] }, types, algorithms: ['ES256'] }),
    async sign(claims, options) {
      const iat = Math.floor(options.nowMs / 1000) + (options.iatOffset ?? 0);
      return new SignJWT({ jti: randomUUID(), ...claims })
        .setProtectedHeader({ alg: options.alg ?? 'ES256', typ: options.typ ?? 'JWT', kid: options.kid ?? kid })
        .setIssuer(typeof claims.iss === 'string' ? claims.iss : issuer)
        .setIssuedAt(iat)
        .setExpirationTime(iat + (options.expiresIn ?? 300))
        .sign(privateKey);
    },
  };
}

/** An unsigned JWT (`alg: none`), which must never be accepted. */
export function unsignedJwt(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ ...header, alg: 'none' })}.${enc(payload)}.`;
}

/** Posts a form to `url` and returns status, headers and the JSON body (if any). */
export async function postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(form), headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
