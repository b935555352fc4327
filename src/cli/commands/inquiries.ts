import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { CatalogService } from '../../catalog/service.js';
import { csvHeader, csvRow } from '../../inbox/csv.js';
import { Inbox, type InboxEntry, type InboxFilter } from '../../inbox/inbox.js';
import { describeSender } from '../../inbox/sender.js';
import { NotFoundError } from '../../lib/errors.js';
import { PRIVATE_FILE_MODE } from '../../lib/private-file.js';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../model/inquiry.js';
import type { Store } from '../../store/ports/index.js';
import { UsageError, withStore, type CommandContext, type ExitCode } from '../io.js';
import { terminalText } from '../terminal-text.js';

export const INQUIRIES_USAGE = `  inquiries list [--status S] [--q TEXT] [--limit N] [--format text|json]
                              the newest inquiries (default 20; json: one object per line)
  inquiries show ID [--format text|json]
                              one inquiry with everything known about it
  inquiries export [--status S] [--q TEXT] [--format csv|json] [--output FILE]
                              every matching inquiry (default csv, to stdout)`;

function inbox(store: Store, ctx: CommandContext): Inbox {
  const catalog = new CatalogService({ store: store.projects, clock: ctx.clock, baseUrl: ctx.config.publicUrl, apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 0 });
  return new Inbox({ store, clock: ctx.clock, projectsNamed: (slugs) => catalog.named(slugs) });
}

function filterOf(values: { status?: string | undefined; q?: string | undefined }): InboxFilter {
  if (values.status !== undefined && !(INQUIRY_STATUSES as readonly string[]).includes(values.status)) throw new UsageError(`--status must be one of ${INQUIRY_STATUSES.join(', ')}`);
  return { status: values.status as InquiryStatus | undefined, text: values.q?.trim() || undefined };
}

function format(value: string | undefined, allowed: readonly string[], fallback: string): string {
  const chosen = value ?? fallback;
  if (!allowed.includes(chosen)) throw new UsageError(`--format must be one of ${allowed.join(', ')}`);
  return chosen;
}

function describe(entry: InboxEntry): string {
  const text = [
    `${entry.id}  ${entry.status}  ${entry.created_at}`,
    `From:     ${entry.name} <${entry.email}>${entry.company ? `, ${entry.company}` : ''}`,
    ...(entry.project_slugs.length > 0 ? [`About:    ${entry.project_slugs.join(', ')}`] : []),
    ...(entry.budget ? [`Budget:   ${entry.budget}`] : []),
    ...(entry.timeline ? [`Timeline: ${entry.timeline}`] : []),
    `Source:   ${entry.source}`,
    `Sent by:  ${describeSender(entry.sender)}`,
    '',
    ...entry.message.split('\n').map((line) => `  ${line}`),
    '',
  ].join('\n');
  return terminalText(text);
}

/** `vitrine inquiries …`: the inbox from the command line (bare `inquiries` lists). */
export async function inquiriesCommand(ctx: CommandContext): Promise<ExitCode> {
  const [first, ...tail] = ctx.args;
  const sub = first === undefined || first.startsWith('-') ? 'list' : first;
  const rest = sub === first ? tail : ctx.args;
  const { io } = ctx;
  switch (sub) {
    case 'list': {
      const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, options: { status: { type: 'string' }, q: { type: 'string' }, limit: { type: 'string' }, format: { type: 'string' } } });
      if (positionals.length > 0) throw new UsageError('inquiries list takes no positional arguments');
      const limit = values.limit === undefined ? 20 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be an integer from 1 to 10000');
      const filter = filterOf(values);
      const as = format(values.format, ['text', 'json'], 'text');
      return withStore(ctx, async (store) => {
        const page = await inbox(store, ctx).list(filter, undefined, limit);
        for (const entry of page.items) {
          if (as === 'json') io.stdout.write(`${JSON.stringify(entry)}\n`);
          else io.stdout.write(`${terminalText(`${entry.id}\t${entry.created_at}\t${entry.status}\t${entry.name} <${entry.email}>\t${entry.message.replace(/\s+/g, ' ').slice(0, 60)}`)}\n`);
        }
        return 0;
      });
    }
    case 'show': {
      const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, options: { format: { type: 'string' } } });
      if (positionals.length !== 1) throw new UsageError('inquiries show needs one ID');
      const as = format(values.format, ['text', 'json'], 'text');
      return withStore(ctx, async (store) => {
        try {
          const entry = await inbox(store, ctx).get(positionals[0]!);
          io.stdout.write(as === 'json' ? `${JSON.stringify(entry, null, 2)}\n` : describe(entry));
          return 0;
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error;
          io.stderr.write(`vitrine inquiries show: ${error.message}\n`);
          return 1;
        }
      });
    }
    case 'export': {
      const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, options: { status: { type: 'string' }, q: { type: 'string' }, format: { type: 'string' }, output: { type: 'string' } } });
      if (positionals.length > 0) throw new UsageError('inquiries export takes no positional arguments');
      const filter = filterOf(values);
      const as = format(values.format, ['csv', 'json'], 'csv');
      return withStore(ctx, async (store) => {
        const file = values.output ? createWriteStream(values.output, { mode: PRIVATE_FILE_MODE }) : null;
        const write = (text: string) => (file ? file.write(text) : io.stdout.write(text));
        let count = 0;
        write(as === 'csv' ? csvHeader() : '[');
        for await (const entry of inbox(store, ctx).export(filter)) {
          write(as === 'csv' ? csvRow(entry) : `${count === 0 ? '' : ','}\n${JSON.stringify(entry)}`);
          count += 1;
        }
        if (as === 'json') write('\n]\n');
        if (file) await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
        io.stderr.write(`exported ${count} inquiries${values.output ? ` to ${values.output}` : ''}\n`);
        return 0;
      });
    }
    default:
      throw new UsageError(`unknown inquiries subcommand "${sub}"`);
  }
}
