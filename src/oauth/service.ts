import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock, Random } from '../lib/clock.js';
import type { Store } from '../store/ports.js';
import type { BearerVerifier } from './bearer.js';
import { CredentialVerifier } from './verifier.js';

export interface OAuthDeps {
  config: Config;
  store: Store;
  clock: Clock;
  random: Random;
  logger: Logger;
}

/** The authorization server and the bearer verifier every write path shares. */
export interface OAuth {
  readonly verifier: BearerVerifier;
}

export function createOAuth(deps: OAuthDeps): OAuth {
  const verifier = new CredentialVerifier({ credentials: deps.store.credentials, clock: deps.clock, cacheSeconds: deps.config.credentialCacheSeconds });
  return { verifier };
}
