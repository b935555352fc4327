import { fileURLToPath } from 'node:url';

/** Catalog files shipped in the repository (two levels up from src/catalog and dist/catalog). */
export const DEMO_CATALOG_PATH = fileURLToPath(new URL('../../data/demo-catalog.json', import.meta.url));
export const SANDBOX_CATALOG_PATH = fileURLToPath(new URL('../../data/sandbox-catalog.json', import.meta.url));
