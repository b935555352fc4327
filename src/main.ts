import { ConfigError, misspeltSettingsIn, parseConfig } from './config.js';
import { limitHeapGrowth } from './lib/heap-growth.js';
import { closeOnSignals, startServer } from './server.js';
import { startFailure } from './store/start-failure.js';

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
  // A setting misspelt in an env file would leave its default in force without a word.
  for (const { name, meant } of misspeltSettingsIn(process.env)) process.stderr.write(`vitrine: warning: ${name} is not a setting; did you mean ${meant}? (it is ignored)\n`);
  limitHeapGrowth(config.heapGrowthPercent);
  try {
    closeOnSignals(await startServer(config));
  } catch (error) {
    // The operator's terminal, not a response: the store's own reason (host, code, file) helps here.
    process.stderr.write(`vitrine: failed to start: ${startFailure(error, config.database)}\n`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`vitrine: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
