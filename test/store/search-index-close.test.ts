import assert from 'node:assert/strict';
import { it } from 'node:test';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import { nextTurn } from '../../src/lib/next-turn.js';
import { openStore } from '../helpers/open-store.js';

// The in-memory search index loads in turns of the event loop (src/store/kysely/search-index.ts);
// a store closed between two turns (a graceful shutdown during the build) ends the load quietly,
// rather than running its next statement on a closed database.

it('a store closed while its search index loads ends the load without an error, whichever turn it closes in', async () => {
  // 200 projects: a chunk of rows, then four batches of text, each after a turn of the loop.
  for (let turns = 1; turns <= 6; turns++) {
    const opened = await openStore('sqlite');
    await opened.store.migrate();
    let n = 0;
    await opened.store.projects.upsert(generateCatalog(200, turns), Date.parse('2026-06-01T12:00:00Z'), () => `prj_close${String(++n).padStart(4, '0')}`);
    const loading = opened.store.projects.warm!();
    for (let i = 0; i < turns; i++) await nextTurn();
    await opened.drop();
    await assert.doesNotReject(loading, `closed after ${turns} turn(s)`);
  }
});
