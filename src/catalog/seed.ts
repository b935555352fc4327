import type { Clock, Random } from '../lib/clock.js';
import { newId } from '../lib/clock.js';
import type { ProjectStore } from '../store/ports/index.js';
import { readCatalogFile } from './catalog-file.js';

/** Loads a catalog file into an empty project store; leaves a non-empty one alone. */
export async function seedIfEmpty(store: ProjectStore, path: string, clock: Clock, random: Random): Promise<number> {
  if ((await store.count()) > 0) return 0;
  const projects = readCatalogFile(path);
  const result = await store.upsert(projects, clock.now(), () => newId(random, 'prj'));
  return result.inserted;
}
