import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { signedInOwner } from '../helpers/owner.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OWNER = 'owner@studio.example';
const CHECK_MS = 1000;
const skip = await skipWithoutPostgres();

describe('two instances on the same PostgreSQL', { skip }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: TestServer;
  let second: TestServer;
  const secondClock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
  before(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url, OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false', CATALOG_VERSION_CHECK_MS: String(CHECK_MS) };
    first = await startTestServer({ env });
    second = await startTestServer({ env, clock: secondClock });
  });
  after(async () => {
    await first?.close();
    await second?.close();
    await db?.drop();
  });

  it('the second shows a project published through the first within CATALOG_VERSION_CHECK_MS', async () => {
    const slug = 'harbour-ferry-app';
    const page = () => fetch(`${second.baseUrl}/projects/${slug}`, { headers: { accept: 'text/html' } });
    const api = () => fetch(`${second.baseUrl}/api/v1/projects/${slug}`);
    assert.equal((await api()).status, 404);
    assert.equal((await page()).status, 404);

    const owner = await signedInOwner(first, OWNER);
    await owner.get('/admin/projects/new');
    const saved = await owner.post('/admin/projects/new', { slug, title: 'Harbour ferry app', summary: 'Tickets for the harbour ferry.', description: '', client: '', industry: 'transport', services: '', technologies: '', tags: '', year: '2026', url: '', published: '1' });
    assert.equal(saved.status, 303);
    assert.equal((await fetch(`${first.baseUrl}/api/v1/projects/${slug}`)).status, 200, 'the first shows it at once');

    // The second instance read the catalog version just now; once the check interval has passed it sees the new one.
    secondClock.advance(CHECK_MS);
    const res = await api();
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { title: string }).title, 'Harbour ferry app');
    const html = await page();
    assert.equal(html.status, 200);
    assert.match(await html.text(), /Harbour ferry app/);
  });
});
