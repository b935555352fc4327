import { parseArgs } from 'node:util';
import type { OutboxState } from '../../store/ports/index.js';
import { UsageError, withStore, type CommandContext, type ExitCode } from '../io.js';
import { terminalText } from '../terminal-text.js';

export const OUTBOX_USAGE = `  outbox list [--state pending|delivered|dead] [--limit N]
                              notifications with their attempts and last error
  outbox retry ID             send a delivery again (a dead one, or a pending one now)
  outbox retry --dead         send every dead delivery again (after fixing what failed)`;

const STATES: readonly OutboxState[] = ['pending', 'delivered', 'dead'];

/** `vitrine outbox …`: see every delivery and send a dead one again (a running server delivers it). */
export async function outboxCommand(ctx: CommandContext): Promise<ExitCode> {
  const [sub, ...rest] = ctx.args;
  const { io, clock } = ctx;
  switch (sub) {
    case 'list': {
      const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, options: { state: { type: 'string' }, limit: { type: 'string' } } });
      if (positionals.length > 0) throw new UsageError('outbox list takes no positional arguments');
      if (values.state !== undefined && !STATES.includes(values.state as OutboxState)) throw new UsageError(`--state must be one of ${STATES.join(', ')}`);
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be an integer from 1 to 10000');
      return withStore(ctx, async (store) => {
        for (const d of await store.outbox.list({ state: values.state as OutboxState | undefined, limit })) {
          const last = d.last_attempt_at === null ? 'never' : new Date(d.last_attempt_at).toISOString();
          // last_error quotes what a mail server or webhook receiver answered.
          io.stdout.write(`${d.id}\t${d.state}\t${d.channel}\t${d.target}\t${d.resource ?? d.event}\tattempts=${d.attempts}\tlast=${last}\t${terminalText((d.last_error ?? '').replace(/\s+/g, ' '))}\n`);
        }
        return 0;
      });
    }
    case 'retry':
      if (rest.length !== 1) throw new UsageError('outbox retry needs one ID, or --dead');
      return withStore(ctx, async (store) => {
        if (rest[0] === '--dead') {
          io.stdout.write(`${await store.outbox.retryDead(clock.now())} dead deliveries are queued again; a running server delivers them within OUTBOX_POLL_MS\n`);
          return 0;
        }
        const outcome = await store.outbox.retry(rest[0]!, clock.now());
        if (outcome === 'absent') {
          io.stderr.write(`vitrine outbox retry: no undelivered notification has the id ${rest[0]}\n`);
          return 1;
        }
        io.stdout.write(outcome === 'sending' ? `${rest[0]} is being sent right now; left alone so it does not go out twice\n` : `${rest[0]} is queued again; a running server delivers it within OUTBOX_POLL_MS\n`);
        return 0;
      });
    default:
      throw new UsageError(sub === undefined ? 'outbox needs list or retry' : `unknown outbox subcommand "${sub}"`);
  }
}
