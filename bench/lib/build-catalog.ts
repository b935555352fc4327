/**
 * Builds the benchmark catalog into a SQLite file with the store code of one source tree:
 *   node --import tsx bench/lib/build-catalog.ts --root DIR --db FILE --projects N
 * Each tree migrates its own database, so a vitrine built from another git ref (bench/run.ts
 * --against) serves a file its own migrations made. Prints the slug of the newest project.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { root: { type: 'string' }, db: { type: 'string' }, projects: { type: 'string' } } });
const root = resolve(values.root ?? '.');
const load = (path: string) => import(pathToFileURL(resolve(root, path)).href);

const { createStore } = (await load('src/store/create-store.ts')) as typeof import('../../src/store/create-store.js');
const { generateCatalog } = (await load('bench/lib/catalog-fixture.ts')) as typeof import('./catalog-fixture.js');
const store = createStore({ kind: 'sqlite', path: values.db! });
await store.migrate();
let n = 0;
await store.projects.upsert(generateCatalog(Number(values.projects ?? 10_000)), Date.parse('2026-06-01T12:00:00Z'), () => `prj_bench${String(++n).padStart(6, '0')}`);
const sample = (await store.projects.list({ sort: '-published_at', limit: 1 })).items[0]!;
await store.close();
process.stdout.write(`${sample.slug}\n`);
