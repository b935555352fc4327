import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { prepareCatalogImages, storeCatalogImages, type PreparedProject } from '../../catalog/catalog-images.js';
import { imageInputOf } from '../../media/project-images.js';
import { parseArgs } from 'node:util';
import { readCatalogDocument, type CatalogDocument } from '../../catalog/catalog-file.js';
import { logoFromDataUrl, logoToDataUrl } from '../../studio/logo.js';
import { studioEntryJson } from '../../studio/studio-entry.js';
import type { ProjectRecord } from '../../catalog/project.js';
import { projectChange, studioChange } from '../../catalog/folder/plan.js';
import { featuredRankOf } from '../../catalog/folder/write-folder.js';
import { readBeside } from '../../catalog/folder/read-folder.js';
import { newId } from '../../lib/clock.js';
import { ValidationError } from '../../lib/errors.js';
import { createStore } from '../../store/create-store.js';
import { checkDatabase, UsageError, withStore, type CommandContext, type ExitCode } from '../io.js';
import { exportFolder, importFolder } from './catalog-folder.js';

/** The positional arguments; any option is an error (parseArgs throws ERR_PARSE_ARGS_UNKNOWN_OPTION). */
function positionals(args: readonly string[]): string[] {
  return parseArgs({ args: [...args], allowPositionals: true, options: {} }).positionals;
}

export const CATALOG_USAGE = `  migrate                     apply pending database migrations
  import FILE.json            insert or update projects by slug from {"studio": {...}, "projects": [...]}
  import [--dry-run] DIR      the same from a folder: studio.md, projects/<slug>/index.md and images beside them;
                              --dry-run lists what would be created/updated/unchanged and writes nothing
  export [FILE.json [--force]]
                              write the studio profile and every project (published or not) in the import format,
                              to stdout or to a new FILE.json (--force to overwrite an existing one)
  export --folder DIR         the same as a folder, the layout import DIR reads`;

export async function migrateCommand(ctx: CommandContext): Promise<ExitCode> {
  if (positionals(ctx.args).length > 0) throw new UsageError('migrate takes no arguments');
  checkDatabase(ctx, { create: true });
  const store = createStore(ctx.config.database);
  try {
    const applied = await store.migrate();
    ctx.io.stdout.write(applied.length > 0 ? `applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'database is up to date; no migrations applied\n');
    return 0;
  } finally {
    await store.close();
  }
}

export async function importCommand(ctx: CommandContext): Promise<ExitCode> {
  const { positionals: args, values } = parseArgs({ args: [...ctx.args], allowPositionals: true, options: { 'dry-run': { type: 'boolean' } } });
  if (args.length !== 1) throw new UsageError('import needs exactly one FILE.json or DIR');
  const path = args[0]!;
  if (isDirectory(path)) return importFolder(ctx, path, values['dry-run'] === true);
  if (values['dry-run']) throw new UsageError('--dry-run is for a catalog folder (import --dry-run DIR)');
  let file: CatalogDocument;
  let logo: Awaited<ReturnType<typeof logoFromDataUrl>> | null = null;
  try {
    file = readCatalogDocument(path);
    if (file.studio?.logo) logo = await logoFromDataUrl(file.studio.logo);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // Every invalid field, each on its own line, so the whole file can be fixed in one pass.
    ctx.io.stderr.write(`vitrine import: ${error.message}\n`);
    for (const e of error.errors ?? []) ctx.io.stderr.write(`  ${e.path}: ${e.message}\n`);
    return 1;
  }
  const { studio } = file;
  let prepared: PreparedProject[];
  try {
    // Every image is checked and processed before anything is written.
    const beside = dirname(resolve(path));
    prepared = await prepareCatalogImages(file.projects, () => (name) => readBeside(beside, name));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    ctx.io.stderr.write(`vitrine import: ${path}: ${error.message}\n`);
    for (const e of error.errors ?? []) ctx.io.stderr.write(`  ${e.path}: ${e.message}\n`);
    return 1;
  }
  return withStore(ctx, async (store) => {
    // As a folder import does (catalog-folder.ts): what would not change is not written, so
    // importing an export where it came from bumps no revision and no catalog version.
    const existing = new Map((await store.projects.exportAll()).map((p) => [p.slug, p]));
    const ranks = await store.projects.featuredRanks();
    const changed = prepared.filter((p) => projectChange(existing.get(p.project.slug), { name: p.project.slug, project: p.project, files: NO_FILES }, ranks.get(p.project.slug)) !== 'unchanged');
    const studioDiff = studio && studioChange(await store.studio.get(), { profile: studio.profile, logo: logo ? Buffer.from(logo.data, 'base64') : null });
    const studioChanged = studioDiff !== undefined && studioDiff !== 'unchanged';
    // The profile, the images and the projects commit together, or none does.
    const { inserted, updated } = changed.length === 0 && !studioChanged ? { inserted: 0, updated: 0 } : await store.transaction(async (tx) => {
      if (studio && studioChanged) await tx.studio.put(studio.profile, logo, ctx.clock.now());
      const projects = await storeCatalogImages(changed, tx.media, ctx.clock.now());
      return projects.length === 0 ? { inserted: 0, updated: 0 } : tx.projects.upsert(projects, ctx.clock.now(), () => newId(ctx.random, 'prj'));
    });
    const profile = studioDiff ? `studio profile ${studioDiff}, ` : '';
    ctx.io.stdout.write(`imported ${path}: ${profile}${inserted} inserted, ${updated} updated, ${prepared.length - changed.length} unchanged\n`);
    return 0;
  }, { create: true });
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The import format: exactly the fields `vitrine import` accepts, nothing the API adds. */
function toImportRecord(p: ProjectRecord, rank: number | undefined, originals: Map<string, string>): Record<string, unknown> {
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
    ...featuredRankOf(p, rank),
    url: p.url,
    // A stored image travels as a data: URL of its original, so the file stands alone.
    images: p.images.map((image) => {
      const input = imageInputOf(image);
      const original = input.media ? originals.get(input.media) : undefined;
      if (!original) return input;
      const { media: _m, ...rest } = input;
      return { url: original, ...rest };
    }),
    published_at: p.published_at,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export async function exportCommand(ctx: CommandContext): Promise<ExitCode> {
  const { positionals: args, values } = parseArgs({ args: [...ctx.args], allowPositionals: true, options: { folder: { type: 'string' }, force: { type: 'boolean' } } });
  if (values.folder !== undefined) {
    if (args.length > 0) throw new UsageError('export --folder DIR takes no FILE.json');
    if (values.force) throw new UsageError('--force is for export FILE.json; export --folder needs a new or empty folder');
    return exportFolder(ctx, values.folder);
  }
  if (args.length > 1) throw new UsageError('export takes at most one FILE.json');
  const path = args[0];
  if (path === undefined && values.force) throw new UsageError('--force overwrites an existing FILE.json; without one, export writes to stdout');
  // As backup refuses an existing file and export --folder a non-empty folder: an earlier
  // export (or anything else) at that path is not replaced unless asked.
  if (path !== undefined && isDirectory(path)) {
    ctx.io.stderr.write(`vitrine export: ${path} is a folder; export --folder DIR writes the catalog as a folder\n`);
    return 1;
  }
  if (path !== undefined && !values.force && existsSync(path)) return refuseExisting(ctx, path);
  return withStore(ctx, async (store) => {
    const projects = await store.projects.exportAll();
    const ranks = await store.projects.featuredRanks();
    const studio = await store.studio.get();
    const originals = new Map<string, string>();
    for (const id of new Set(projects.flatMap((p) => p.images.flatMap((i) => (i.media ? [i.media] : []))))) {
      const file = await store.media.original(id);
      if (file) originals.set(id, `data:${file.content_type};base64,${file.data.toString('base64')}`);
    }
    const records = projects.map((p) => toImportRecord(p, ranks.get(p.slug), originals));
    const document = studio ? { studio: studioEntryJson(studio.profile, studio.logo ? logoToDataUrl(studio.logo) : null), projects: records } : { projects: records };
    const text = `${JSON.stringify(document, null, 2)}\n`;
    if (path === undefined) {
      ctx.io.stdout.write(text);
    } else {
      try {
        // 'wx': a file that appeared while the catalog was read is not overwritten either.
        writeFileSync(path, text, { flag: values.force ? 'w' : 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return refuseExisting(ctx, path);
        throw error;
      }
      ctx.io.stderr.write(`exported ${projects.length} project(s) to ${path}\n`);
    }
    return 0;
  });
}

function refuseExisting(ctx: CommandContext, path: string): 1 {
  ctx.io.stderr.write(`vitrine export: ${path} already exists; name a new file, or pass --force to overwrite it\n`);
  return 1;
}

const NO_FILES = new Map<string, Uint8Array>();
