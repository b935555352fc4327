import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readCatalogFile } from '../catalog/catalog-file.js';
import type { ProjectInput, ProjectRecord } from '../catalog/project.js';
import { ConfigError, parseConfig, type Config } from '../config.js';
import { cryptoRandom, newId, systemClock, type Clock, type Random } from '../lib/clock.js';
import { ValidationError } from '../lib/errors.js';
import { closeOnSignals, startServer } from '../server.js';
import { createStore } from '../store/create-store.js';
import type { Store } from '../store/ports/index.js';

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  clock?: Clock;
  random?: Random;
}

/** Exit codes: 0 done, 1 the command failed (e.g. invalid records), 2 bad usage or configuration. */
export type ExitCode = 0 | 1 | 2;

export const USAGE = `usage: vitrine <command>

  serve                   start the server (same as npm start)
  migrate                 apply pending database migrations
  import FILE.json        insert or update projects by slug from {"projects": [...]}
  export [FILE.json]      write every project (published or not) in the import format
  inquiries [--limit N]   print the newest inquiries, one JSON object per line (default 20)

Configuration comes from the environment (DATABASE_URL, ...), as for the server.
`;

/**
 * The `vitrine` command. Returns the exit code, or `'serving'` when the server was started and
 * the process must stay alive.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode | 'serving'> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? io.stderr : io.stdout).write(USAGE);
    return command === undefined ? 2 : 0;
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
  let args: { values: Record<string, unknown>; positionals: string[] };
  try {
    args = parseArgs({ args: [...rest], allowPositionals: true, options: command === 'inquiries' ? { limit: { type: 'string' } } : {} });
  } catch (error) {
    io.stderr.write(`vitrine ${command}: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  switch (command) {
    case 'serve':
      if (args.positionals.length > 0) return usage(io, `serve takes no arguments`);
      closeOnSignals(await startServer(config));
      return 'serving';
    case 'migrate':
      if (args.positionals.length > 0) return usage(io, `migrate takes no arguments`);
      return withStore(config, async (store) => {
        const applied = await store.migrate();
        io.stdout.write(applied.length > 0 ? `applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'database is up to date; no migrations applied\n');
        return 0;
      });
    case 'import':
      if (args.positionals.length !== 1) return usage(io, 'import needs exactly one FILE.json');
      return importFile(config, args.positionals[0]!, io);
    case 'export':
      if (args.positionals.length > 1) return usage(io, 'export takes at most one FILE.json');
      return exportFile(config, args.positionals[0], io);
    case 'inquiries': {
      if (args.positionals.length > 0) return usage(io, 'inquiries takes no positional arguments');
      const raw = args.values.limit;
      const limit = typeof raw === 'string' ? Number(raw) : 20;
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) return usage(io, '--limit must be an integer from 1 to 10000');
      return withStore(config, async (store) => {
        await store.migrate();
        for (const inquiry of await store.inquiries.list(limit)) io.stdout.write(`${JSON.stringify(inquiry)}\n`);
        return 0;
      });
    }
    default:
      return usage(io, `unknown command "${command}"`);
  }
}

function usage(io: CliIo, message: string): 2 {
  io.stderr.write(`vitrine: ${message}\n\n${USAGE}`);
  return 2;
}

async function withStore(config: Config, run: (store: Store) => Promise<ExitCode>): Promise<ExitCode> {
  const store = createStore(config.database);
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

async function importFile(config: Config, path: string, io: CliIo): Promise<ExitCode> {
  let projects: ProjectInput[];
  try {
    projects = readCatalogFile(path);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // Every invalid field, each on its own line, so the whole file can be fixed in one pass.
    io.stderr.write(`vitrine import: ${error.message}\n`);
    for (const e of error.errors ?? []) io.stderr.write(`  ${e.path}: ${e.message}\n`);
    return 1;
  }
  const clock = io.clock ?? systemClock;
  const random = io.random ?? cryptoRandom;
  return withStore(config, async (store) => {
    await store.migrate();
    const { inserted, updated } = await store.projects.upsert(projects, clock.now(), () => newId(random, 'prj'));
    io.stdout.write(`imported ${path}: ${inserted} inserted, ${updated} updated\n`);
    return 0;
  });
}

/** The import format: exactly the fields `vitrine import` accepts, nothing the API adds. */
function toImportRecord(p: ProjectRecord): Record<string, unknown> {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    description: p.description,
    client: p.client,
    industry: p.industry,
    services: p.services,
    technologies: p.technologies,
    tags: p.tags,
    year: p.year,
    featured: p.featured,
    url: p.url,
    images: p.images,
    published_at: p.published_at,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

async function exportFile(config: Config, path: string | undefined, io: CliIo): Promise<ExitCode> {
  return withStore(config, async (store) => {
    await store.migrate();
    const projects = await store.projects.exportAll();
    const text = `${JSON.stringify({ projects: projects.map(toImportRecord) }, null, 2)}\n`;
    if (path === undefined) {
      io.stdout.write(text);
    } else {
      writeFileSync(path, text);
      io.stderr.write(`exported ${projects.length} project(s) to ${path}\n`);
    }
    return 0;
  });
}
