import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock, Random } from '../lib/clock.js';
import type { Idempotency } from '../idempotency/idempotency.js';
import type { Store } from '../store/ports/index.js';
import type { CredentialVerifier } from './verifier.js';
import type { ClientDirectory } from './client-directory.js';
import type { TrustedIssuerSet } from './trusted-issuers.js';

/** What every OAuth operation may use; built once by createOAuth. */
export interface OAuthContext {
  config: Config;
  store: Store;
  clock: Clock;
  random: Random;
  logger: Logger;
  trusted: TrustedIssuerSet;
  idempotency: Idempotency;
  verifier: CredentialVerifier;
  /** registered clients and client ID metadata documents */
  clients: ClientDirectory;
  /** our issuer identifier (RFC 8414 §2) = PUBLIC_URL */
  issuer: string;
}

/** Request parameters after parsing (form or JSON), each present at most once. */
export interface OAuthRequest {
  authorization: string | undefined;
  params: Readonly<Record<string, string>>;
}
