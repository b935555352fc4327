import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { humanTime } from '../../src/lib/human-time.js';

const AT = '2026-11-29T01:17:00Z';

describe('humanTime: a moment in the studio\'s zone, with the offset that makes it unambiguous', () => {
  it('gives the local time and offset east and west of Greenwich, the date changing with it; a UTC studio reads UTC as before', () => {
    assert.equal(humanTime(AT, 'UTC'), '29 Nov 2026, 01:17 UTC');
    assert.equal(humanTime('2026-11-29T01:17:59.999Z', 'UTC'), '29 Nov 2026, 01:17 UTC');
    assert.equal(humanTime(AT, 'Europe/Berlin'), '29 Nov 2026, 02:17 UTC+1');
    assert.equal(humanTime(AT, 'America/New_York'), '28 Nov 2026, 20:17 UTC-5');
    assert.equal(humanTime(AT, 'America/Los_Angeles'), '28 Nov 2026, 17:17 UTC-8');
    assert.equal(humanTime(AT, 'Australia/Sydney'), '29 Nov 2026, 12:17 UTC+11');
    assert.equal(humanTime(AT, 'Asia/Kolkata'), '29 Nov 2026, 06:47 UTC+5:30');
  });

  it('follows daylight saving time: the hour that repeats in autumn is told apart by its offset', () => {
    // Europe/Berlin leaves summer time on 25 Oct 2026 at 01:00 UTC (03:00 CEST → 02:00 CET).
    assert.equal(humanTime('2026-10-25T00:30:00Z', 'Europe/Berlin'), '25 Oct 2026, 02:30 UTC+2');
    assert.equal(humanTime('2026-10-25T01:30:00Z', 'Europe/Berlin'), '25 Oct 2026, 02:30 UTC+1');
    // …and enters it on 29 Mar 2026 at 01:00 UTC: 02:00–03:00 local never happens.
    assert.equal(humanTime('2026-03-29T00:59:00Z', 'Europe/Berlin'), '29 Mar 2026, 01:59 UTC+1');
    assert.equal(humanTime('2026-03-29T01:00:00Z', 'Europe/Berlin'), '29 Mar 2026, 03:00 UTC+2');
    // The southern hemisphere's summer is the other half of the year.
    assert.equal(humanTime('2026-06-29T01:17:00Z', 'Australia/Sydney'), '29 Jun 2026, 11:17 UTC+10');
  });

  it('writes an offset of zero as UTC (London in winter, or a zone this runtime does not know), and one hour as UTC+1 (London in summer)', () => {
    assert.equal(humanTime(AT, 'Europe/London'), '29 Nov 2026, 01:17 UTC');
    assert.equal(humanTime('2026-06-29T01:17:00Z', 'Europe/London'), '29 Jun 2026, 02:17 UTC+1');
    assert.equal(humanTime(AT, 'Mars/Olympus_Mons'), '29 Nov 2026, 01:17 UTC', 'a zone no longer known falls back to UTC, labelled so');
  });
});
