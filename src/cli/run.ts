import { ConfigError, parseConfig, type Config } from '../config.js';
import { cryptoRandom, systemClock } from '../lib/clock.js';
import { StoreUnavailableError } from '../lib/errors.js';
import { closeOnSignals, startServer } from '../server.js';
import { startFailure } from '../store/start-failure.js';
import { BACKUP_USAGE, backupCommand, restoreCommand } from './commands/backup.js';
import { CATALOG_USAGE, exportCommand, importCommand, migrateCommand } from './commands/catalog.js';
import { INQUIRIES_USAGE, inquiriesCommand } from './commands/inquiries.js';
import { OUTBOX_USAGE, outboxCommand } from './commands/outbox.js';
import { OWNER_USAGE, ownerCommand } from './commands/owner.js';
import { UsageError, type CliIo, type CommandContext, type ExitCode } from './io.js';

export type { CliIo, ExitCode } from './io.js';

export const USAGE = `usage: vitrine <command>

  serve                       start the server (same as npm start)
${CATALOG_USAGE}
${INQUIRIES_USAGE}
${OWNER_USAGE}
${OUTBOX_USAGE}
${BACKUP_USAGE}

Configuration comes from the environment (DATABASE_URL, PUBLIC_URL, ...), as for the server.
`;

/**
 * The usage lines of one command (with their continuation lines), or null for a command that has
 * none: what `vitrine COMMAND --help` prints.
 */
function usageOf(command: string): string | null {
  const lines: string[] = [];
  let mine = false;
  for (const line of USAGE.split('\n')) {
    if (/^ {2}\S/.test(line)) mine = line.startsWith(`  ${command} `);
    else if (!/^ {3,}\S/.test(line)) mine = false;
    if (mine) lines.push(line);
  }
  return lines.length === 0 ? null : `usage:\n\n${lines.join('\n')}\n\nConfiguration comes from the environment (DATABASE_URL, PUBLIC_URL, ...), as for the server.\n`;
}

/** `--help` or `-h` among a command's options (not after `--`, where it would be an argument). */
const asksForHelp = (args: readonly string[]): boolean => {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
};

const COMMANDS: Record<string, (ctx: CommandContext) => Promise<ExitCode>> = {
  migrate: migrateCommand,
  import: importCommand,
  export: exportCommand,
  inquiries: inquiriesCommand,
  owner: ownerCommand,
  outbox: outboxCommand,
  backup: backupCommand,
  restore: restoreCommand,
};

/**
 * The `vitrine` command. Returns the exit code, or `'serving'` when the server was started and
 * the process must stay alive.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode | 'serving'> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? io.stderr : io.stdout).write(USAGE);
    return command === undefined ? 2 : 0;
  }
  // `vitrine backup --help` is a question, not a backup named --help (nor `owner remove --help`).
  const help = asksForHelp(args) ? usageOf(command) : null;
  if (help !== null) {
    io.stdout.write(help);
    return 0;
  }
  let config: Config;
  try {
    config = parseConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr.write(`vitrine: invalid configuration: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  try {
    if (command === 'serve') {
      if (args.length > 0) throw new UsageError('serve takes no arguments');
      const running = await startServer(config).catch((error: unknown) => {
        io.stderr.write(`vitrine: failed to start: ${startFailure(error, config.database)}\n`);
        return null;
      });
      if (running === null) return 1;
      closeOnSignals(running);
      return 'serving';
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`unknown command "${command}"`);
    return await run({ args, config, io, clock: io.clock ?? systemClock, random: io.random ?? cryptoRandom });
  } catch (error) {
    // parseArgs reports unknown or malformed options as TypeErrors with a code.
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (error instanceof StoreUnavailableError) {
      // Its message is the clients' "retry shortly"; the operator needs the driver's code and where to look.
      io.stderr.write(`vitrine ${command}: ${startFailure(error, config.database)}\n`);
      return 1;
    }
    if (!usage) throw error;
    io.stderr.write(`vitrine ${command}: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
}
