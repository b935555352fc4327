import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { studioProfileSchema, type StudioProfile } from '../../src/studio/profile.js';
import { suggestedTimeZones } from '../../src/studio/time-zone.js';
import { cliAgainst } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const zoneOf = (time_zone: unknown) => studioProfileSchema.safeParse({ name: 'Studio', time_zone });

describe('the studio profile\'s time zone', () => {
  it('accepts IANA zone names, in the case Intl writes them', () => {
    for (const [given, kept] of [
      ['Europe/Berlin', 'Europe/Berlin'],
      ['America/New_York', 'America/New_York'],
      ['Australia/Sydney', 'Australia/Sydney'],
      ['UTC', 'UTC'],
      [' europe/berlin ', 'Europe/Berlin'],
      ['america/buenos_aires', 'America/Buenos_Aires'],
      ['utc', 'UTC'],
      ['Etc/GMT+5', 'Etc/GMT+5'],
    ] as const) {
      const result = zoneOf(given);
      assert.ok(result.success, `${given}: ${JSON.stringify(result.error?.issues)}`);
      assert.equal(result.data.time_zone, kept, given);
    }
  });

  it('keeps a newer IANA name that this runtime maps to an older one (Europe/Kyiv stays Europe/Kyiv)', () => {
    assert.equal(zoneOf('Europe/Kyiv').data?.time_zone, 'Europe/Kyiv');
  });

  it('suggests zones by their current names (Asia/Kolkata, Europe/Kyiv), each saved as suggested', () => {
    const zones = suggestedTimeZones();
    assert.equal(zones[0], 'UTC');
    assert.deepEqual(zones.slice(1), [...new Set(zones.slice(1))].sort(), 'sorted, once each');
    for (const current of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Argentina/Buenos_Aires', 'Europe/Berlin']) assert.ok(zones.includes(current), current);
    for (const old of ['Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Buenos_Aires']) assert.ok(!zones.includes(old), old);
    for (const zone of zones) assert.equal(zoneOf(zone).data?.time_zone, zone, zone);
  });

  it('refuses what is no zone, next to the field, in the words of the other profile fields', () => {
    for (const junk of ['Mars/Olympus', 'Berlin time', '+01:00', 'Europe/Berlin; drop', '<script>', 'x'.repeat(65), 7]) {
      const result = zoneOf(junk);
      assert.equal(result.success, false, String(junk));
      const issue = result.error!.issues[0]!;
      assert.deepEqual(issue.path, ['time_zone'], String(junk));
      if (typeof junk === 'string' && junk.length <= 64) assert.equal(issue.message, 'must be a time zone such as Europe/Berlin, America/New_York or UTC (an IANA name)');
    }
  });

  it('is UTC when missing (a profile saved before it existed) or left empty', () => {
    assert.equal(zoneOf(undefined).data?.time_zone, 'UTC');
    assert.equal(zoneOf('').data?.time_zone, 'UTC');
    assert.equal(zoneOf('   ').data?.time_zone, 'UTC');
  });
});

describe('the time zone in storage and in the catalog file', () => {
  let first: TestServer;
  let second: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-zone-'));
  before(async () => {
    first = await startTestServer();
    second = await startTestServer({ demo: false });
  });
  after(async () => {
    await first?.close();
    await second?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a stored profile written before the field existed reads as UTC', async () => {
    const { time_zone: _, ...older } = (await first.vitrine.studio.current()).profile;
    await first.store.studio.put(older as StudioProfile, null, first.clock.now());
    first.clock.advance(first.config.catalogVersionCheckMs);
    assert.equal((await first.vitrine.studio.current()).profile.time_zone, 'UTC');
  });

  it('travels with the catalog file and the catalog folder, and stays owner-only (not in GET /api/v1/studio)', async () => {
    const profile = (await first.vitrine.studio.current()).profile;
    await first.vitrine.studio.save({ ...profile, time_zone: 'Australia/Sydney' });
    const api = (await (await fetch(`${first.baseUrl}/api/v1/studio`)).json()) as Record<string, unknown>;
    assert.equal('time_zone' in api, false);

    const file = join(dir, 'catalog.json');
    assert.equal((await cliAgainst(first, ['export', file])).code, 0);
    assert.equal((JSON.parse(readFileSync(file, 'utf8')) as { studio: { time_zone: string } }).studio.time_zone, 'Australia/Sydney');
    const folder = join(dir, 'folder');
    assert.equal((await cliAgainst(first, ['export', '--folder', folder])).code, 0);
    assert.match(readFileSync(join(folder, 'studio.md'), 'utf8'), /^time_zone: Australia\/Sydney$/m);

    const imported = await cliAgainst(second, ['import', folder]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal((await second.store.studio.get())?.profile.time_zone, 'Australia/Sydney');
    await second.vitrine.studio.save({ ...(await second.store.studio.get())!.profile, time_zone: 'UTC' });
    const again = await cliAgainst(second, ['import', file]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /studio profile updated/);
    assert.equal((await second.store.studio.get())?.profile.time_zone, 'Australia/Sydney');
  });
});
