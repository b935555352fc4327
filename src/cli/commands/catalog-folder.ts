import { existsSync, readdirSync } from 'node:fs';
import { projectChange, studioChange, type Change } from '../../catalog/folder/plan.js';
import { readCatalogFolder, type CatalogFolder, type FolderProject } from '../../catalog/folder/read-folder.js';
import { writeCatalogFolder } from '../../catalog/folder/write-folder.js';
import { newId } from '../../lib/clock.js';
import { ValidationError, type FieldError } from '../../lib/errors.js';
import { prepareImages, storeImages, type PreparedImage } from '../../media/project-images.js';
import type { ImportedProject } from '../../model/project.js';
import type { MediaFile } from '../../store/ports/media.js';
import { acceptLogo, type StudioLogo } from '../../studio/logo.js';
import { withStore, type CommandContext, type ExitCode } from '../io.js';
import { progress } from '../progress.js';

function printErrors(ctx: CommandContext, root: string, errors: readonly FieldError[]): 1 {
  ctx.io.stderr.write(`vitrine import: ${root}: ${errors.length} error(s); nothing was imported\n`);
  for (const e of errors) ctx.io.stderr.write(`  ${e.path}: ${e.message}\n`);
  return 1;
}

/** Checks and processes the images of a changed project; a file image's error is named `images.N.file`. */
async function prepare(fp: FolderProject, errors: FieldError[]): Promise<PreparedImage[]> {
  try {
    return await prepareImages(fp.project.images, { pathPrefix: `${fp.name}: `, readFile: (name) => fp.files.get(name) });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const e of error.errors ?? []) {
      const index = /images\.(\d+)\.url$/.exec(e.path)?.[1];
      const url = index === undefined ? undefined : fp.project.images[Number(index)]?.url;
      errors.push({ path: url !== undefined && fp.files.has(url) ? e.path.replace(/\.url$/, '.file') : e.path, message: e.message });
    }
    return [];
  }
}

/**
 * `vitrine import DIR`: reads the whole folder, compares every record with the database, checks
 * the images of what changed, and writes the changes in one transaction (nothing when any
 * record is invalid, and nothing at all under `--dry-run`).
 */
export async function importFolder(ctx: CommandContext, root: string, dryRun: boolean): Promise<ExitCode> {
  let folder: CatalogFolder;
  try {
    let tick: ((done: number) => void) | undefined;
    folder = readCatalogFolder(root, (done, total) => (tick ??= progress(ctx.io.stderr, 'reading', total))(done));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return printErrors(ctx, root, error.errors ?? []);
  }
  return withStore(ctx, async (store) => {
    const existing = new Map((await store.projects.exportAll()).map((p) => [p.slug, p]));
    const ranks = await store.projects.featuredRanks();
    const plan = folder.projects.map((fp) => ({ fp, change: projectChange(existing.get(fp.project.slug), fp, ranks.get(fp.project.slug)) }));
    const errors: FieldError[] = [];
    let logo: StudioLogo | null = null;
    if (folder.studio?.logo) {
      try {
        logo = await acceptLogo(folder.studio.logo);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        errors.push({ path: 'studio.md: logo', message: error.errors?.[0]?.message ?? error.message });
      }
    }
    // The logo is compared as it would be stored, its metadata taken out (studio/logo.ts).
    const studio = folder.studio ? { entry: folder.studio, change: studioChange(await store.studio.get(), { ...folder.studio, logo: logo && Buffer.from(logo.data, 'base64') }) } : undefined;
    const changed = plan.filter((p) => p.change !== 'unchanged');
    const tick = progress(ctx.io.stderr, 'checking images', changed.length);
    const prepared = new Map<FolderProject, PreparedImage[]>();
    for (const [index, { fp }] of changed.entries()) {
      prepared.set(fp, await prepare(fp, errors));
      tick(index + 1);
    }
    if (errors.length > 0) return printErrors(ctx, root, errors);

    if (studio) ctx.io.stdout.write(`  ${studio.change.padEnd(9)} studio.md\n`);
    for (const { fp, change } of plan) ctx.io.stdout.write(`  ${change.padEnd(9)} ${fp.project.slug}\n`);
    const count = (c: Change) => plan.filter((p) => p.change === c).length;
    const summary = `${studio ? `studio profile ${studio.change}, ` : ''}${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged`;
    if (dryRun) {
      ctx.io.stdout.write(`dry run of ${root}: ${summary}; nothing was written\n`);
      return 0;
    }
    if (changed.length > 0 || (studio && studio.change !== 'unchanged')) {
      const now = ctx.clock.now();
      await store.transaction(async (tx) => {
        if (studio && studio.change !== 'unchanged') await tx.studio.put(studio.entry.profile, logo, now);
        const records: ImportedProject[] = [];
        for (const { fp } of changed) records.push({ ...fp.project, images: await storeImages(prepared.get(fp)!, tx.media, now, `${fp.name}: `) });
        if (records.length > 0) await tx.projects.upsert(records, now, () => newId(ctx.random, 'prj'));
      });
    }
    ctx.io.stdout.write(`imported ${root}: ${summary}\n`);
    return 0;
  }, { create: true });
}

/** `vitrine export --folder DIR`: the layout `import DIR` reads, into a new or empty folder. */
export async function exportFolder(ctx: CommandContext, root: string): Promise<ExitCode> {
  if (existsSync(root) && readdirSync(root).length > 0) {
    ctx.io.stderr.write(`vitrine export: ${root} is not empty; export into a new or empty folder\n`);
    return 1;
  }
  return withStore(ctx, async (store) => {
    const projects = await store.projects.exportAll();
    const ranks = await store.projects.featuredRanks();
    const studio = await store.studio.get();
    const originals = new Map<string, MediaFile>();
    for (const id of new Set(projects.flatMap((p) => p.images.flatMap((i) => (i.media ? [i.media] : []))))) {
      const file = await store.media.original(id);
      if (file) originals.set(id, file);
    }
    writeCatalogFolder(root, { studio: studio ? { profile: studio.profile, logo: studio.logo } : undefined, projects, ranks, originals });
    ctx.io.stderr.write(`exported ${studio ? 'the studio profile and ' : ''}${projects.length} project(s) to ${root}\n`);
    return 0;
  });
}
