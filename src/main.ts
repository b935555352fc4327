import { ConfigError, parseConfig } from './config.js';
import { StoreUnavailableError } from './lib/errors.js';
import { limitHeapGrowth } from './lib/heap-growth.js';
import { closeOnSignals, startServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`vitrine: invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  limitHeapGrowth(config.heapGrowthPercent);
  closeOnSignals(await startServer(config));
}

main().catch((error: unknown) => {
  // The operator's terminal, not a response: the store's own reason (host, code) helps here.
  const reason = error instanceof StoreUnavailableError ? `the database cannot be reached (${error.reason}); check DATABASE_URL` : error instanceof Error ? error.message : String(error);
  process.stderr.write(`vitrine: failed to start: ${reason}\n`);
  process.exit(1);
});
