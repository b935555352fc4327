import type { Clock, Random } from '../lib/clock.js';
import { newId } from '../lib/clock.js';
import type { MediaStore, ProjectStore, StudioStore } from '../store/ports/index.js';
import { prepareCatalogImages, storeCatalogImages } from './catalog-images.js';
import { logoFromDataUrl } from '../studio/logo.js';
import { readCatalogDocument } from './catalog-file.js';

/**
 * Loads a catalog file into an empty store; leaves a non-empty one alone. With `studio`, the
 * file's studio profile is loaded too, unless one is saved already.
 *
 * Instances started together on one empty database all find it empty; the first to commit its
 * projects wins and the others' inserts fail on the unique slugs (their transactions roll back
 * whole). A failure after which the store holds projects is that race: this instance seeded
 * nothing and starts, rather than exiting at the first rollout of several replicas.
 */
export async function seedIfEmpty(store: ProjectStore, path: string, clock: Clock, random: Random, studio?: StudioStore, media?: MediaStore): Promise<number> {
  if ((await store.count()) > 0) return 0;
  const file = readCatalogDocument(path);
  // A site that already has a profile keeps it; the demo's only fills an empty one.
  if (studio && file.studio && (await studio.get()) === undefined) {
    const logo = file.studio.logo === null ? null : await logoFromDataUrl(file.studio.logo);
    await studio.put(file.studio.profile, logo, clock.now());
  }
  const prepared = await prepareCatalogImages(file.projects);
  const projects = await storeCatalogImages(prepared, media ?? NO_MEDIA, clock.now());
  try {
    return (await store.upsert(projects, clock.now(), () => newId(random, 'prj'))).inserted;
  } catch (error) {
    if ((await store.count()) > 0) return 0;
    throw error;
  }
}

const missing = async (): Promise<never> => {
  throw new Error('this catalog has stored images, but no media store was given');
};
const NO_MEDIA: MediaStore = { put: missing, get: missing, variant: missing, original: missing };
