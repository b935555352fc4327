import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction.js';
import { bumpVersion } from './catalog-version.js';
import type { Database } from './schema.js';

/**
 * The owner's order of the featured projects: `featured_rank` ascending (a newly featured
 * project has 0, so it comes first), then newest first.
 */
export async function featuredOrder(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('projects').select('slug').where('featured', '=', 1).orderBy('featured_rank', 'asc').orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => r.slug);
}

/** Every project's rank by slug, featured or not (an export writes the featured ones'). */
export async function featuredRanks(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('projects').select(['slug', 'featured_rank']).execute();
  return new Map(rows.map((r) => [r.slug, Number(r.featured_rank)]));
}

/**
 * Swaps a featured project with its neighbour and renumbers them all 1…n, in one transaction
 * that bumps the catalog version. False when the project is not featured; a move past either
 * end changes nothing.
 */
export async function moveFeatured(db: Kysely<Database>, slug: string, direction: 'up' | 'down'): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const order = await featuredOrder(trx);
    const at = order.indexOf(slug);
    if (at === -1) return false;
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return true;
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [index, s] of order.entries()) await trx.updateTable('projects').set({ featured_rank: index + 1 }).where('slug', '=', s).execute();
    await bumpVersion(trx);
    return true;
  });
}
