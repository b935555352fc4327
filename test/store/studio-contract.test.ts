import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { StudioProfile } from '../../src/studio/profile.js';
import { describeEachDialect } from '../helpers/dialect-suites.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const PROFILE: StudioProfile = {
  name: 'Harbour & Pine',
  tagline: 'Software for ferries',
  introduction: 'We **build** things.',
  services: [{ name: 'Design', description: 'Screens' }],
  location: 'Gdańsk',
  contact_email: 'hi@harbour.example',
  links: [{ label: 'GitHub', url: 'https://github.com/harbour' }],
  accent_color: '#1f5f4a',
  reply_promise: 'We reply within a day.',
  content_language: 'pl',
  time_zone: 'Europe/Warsaw',
};

await describeEachDialect('studio profile storage contract', (suite) => {
  it('has no profile until one is put', async () => {
    assert.equal(await suite.store.studio.get(), undefined);
  });

  it('puts and reads back the profile and logo exactly, and each put bumps the catalog version', async () => {
    const before = await suite.store.projects.version();
    const logo = { content_type: 'image/svg+xml', data: Buffer.from('<svg width="4" height="2"/>').toString('base64'), width: 4, height: 2 };
    await suite.store.studio.put(PROFILE, logo, NOW);
    assert.deepEqual(await suite.store.studio.get(), { profile: PROFILE, logo, updated_at: '2026-06-01T12:00:00Z' });
    assert.equal(await suite.store.projects.version(), before + 1);

    const renamed = { ...PROFILE, name: 'Harbour & Pine Ltd', services: [] };
    await suite.store.studio.put(renamed, null, NOW + 1000);
    assert.deepEqual(await suite.store.studio.get(), { profile: renamed, logo: null, updated_at: '2026-06-01T12:00:01Z' });
    assert.equal(await suite.store.projects.version(), before + 2);
  });

  it('a put inside a transaction that fails leaves the previous profile', async () => {
    const kept = await suite.store.studio.get();
    await assert.rejects(
      suite.store.transaction(async (tx) => {
        await tx.studio.put({ ...PROFILE, name: 'Never' }, null, NOW + 2000);
        throw new Error('abort');
      }),
      /abort/,
    );
    assert.deepEqual(await suite.store.studio.get(), kept);
  });

  it('a put with a condition writes only if it holds for what is stored then: of two racing saves of one version, one writes', async () => {
    const stored = await suite.store.studio.get();
    const unchanged = (now: unknown) => JSON.stringify(now) === JSON.stringify(stored);
    const before = await suite.store.projects.version();
    const [first, second] = await Promise.all([
      suite.store.studio.put({ ...PROFILE, name: 'First' }, null, NOW + 3000, unchanged),
      suite.store.studio.put({ ...PROFILE, name: 'Second' }, null, NOW + 3000, unchanged),
    ]);
    assert.equal([first, second].filter((r) => r !== null).length, 1, 'one of the two wrote');
    const winner = (first ?? second)!.profile.name;
    assert.equal((await suite.store.studio.get())?.profile.name, winner, 'the one that wrote is what is stored');
    assert.ok((await suite.store.projects.version()) > before);
    // Without a condition, a put writes as before.
    assert.notEqual(await suite.store.studio.put(PROFILE, null, NOW + 4000), null);
  });
});
