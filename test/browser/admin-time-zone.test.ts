import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ManualClock } from '../../src/lib/clock.js';
import { axeViolations, openPage, SCREENSHOTS, useBrowserSuite } from '../helpers/browser.js';
import { ownerApiToken, signedInOwner } from '../helpers/owner.js';
import { startWebhookReceiver, type TestWebhookReceiver } from '../helpers/webhook-receiver.js';

const OWNER = 'owner@studio.example';

async function assertAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `${what}: ${JSON.stringify(violations, null, 1)}`);
}

describe('the owner\'s time zone in Chromium: saved through the profile form, then every admin time is in it', () => {
  // A real webhook receiver, so the deliveries page has a delivery to date.
  let receiver: TestWebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver();
  });
  after(() => receiver.close());
  const suite = useBrowserSuite(() => ({
    env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false', WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: receiver.secret, WEBHOOK_ALLOW_PRIVATE: 'true' },
    clock: new ManualClock(Date.parse('2026-11-29T01:17:00Z')),
  }));

  it('refuses a zone that is none next to its field, saves Europe/Berlin, and the inbox, the inquiry, the tokens and the deliveries pages read in it', async () => {
    const base = suite.server.baseUrl;
    const res = await fetch(`${base}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace Hopper', email: 'grace@client.example', message: 'A compiler for the harbour?' }) });
    assert.equal(res.status, 201);
    await ownerApiToken(suite.server, OWNER);
    const owner = await signedInOwner(suite.server, OWNER);
    await suite.context.addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: base })));
    const { page, problems } = await openPage(suite.context);

    await page.goto(`${base}/admin`);
    assert.equal(await page.locator('table.inbox tbody time').first().textContent(), '29 Nov 2026, 01:17 UTC', 'UTC until the owner names a zone');

    await page.goto(`${base}/admin/profile`);
    const field = page.getByLabel('Your time zone');
    assert.equal(await field.inputValue(), 'UTC');
    assert.match((await page.locator('#time_zone-hint').textContent()) ?? '', /Europe\/Berlin/);
    assert.equal(await field.getAttribute('aria-describedby'), 'time_zone-hint');
    // The suggestions are a datalist (no script: the pages' CSP allows none).
    assert.ok((await page.locator('#time_zone-zones option[value="Europe/Berlin"]').count()) === 1);
    assert.equal(await field.getAttribute('list'), 'time_zone-zones');

    await field.fill('Berlin time');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForSelector('#time_zone-error');
    assert.match((await page.locator('#time_zone-error').textContent()) ?? '', /^Error: Your time zone must be a time zone such as Europe\/Berlin, America\/New_York or UTC/);
    assert.equal(await page.getByLabel('Your time zone').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Your time zone').getAttribute('aria-describedby'), 'time_zone-hint time_zone-error');
    assert.match((await page.locator('.error-summary').textContent()) ?? '', /Your time zone must be a time zone/);
    assert.equal(await page.getByLabel('Your time zone').inputValue(), 'Berlin time', 'what was typed comes back to be corrected');
    await assertAccessible(page, 'profile page with a time-zone error');
    await page.locator('.field:has(#time_zone)').screenshot({ path: `${SCREENSHOTS}/admin-profile-time-zone-error.png` });

    await page.getByLabel('Your time zone').fill('europe/berlin');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL(`${base}/admin/profile?saved=1`);
    assert.equal(await page.getByLabel('Your time zone').inputValue(), 'Europe/Berlin', 'kept in the case Intl writes it');
    await assertAccessible(page, 'profile page');

    await page.goto(`${base}/admin`);
    const time = page.locator('table.inbox tbody time').first();
    assert.equal(await time.textContent(), '29 Nov 2026, 02:17 UTC+1');
    assert.equal(await time.getAttribute('datetime'), '2026-11-29T01:17:00Z', 'the machine-readable time stays UTC');

    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    assert.equal(await page.locator('dd time').textContent(), '29 Nov 2026, 02:17 UTC+1');
    const reply = decodeURIComponent((await page.getByRole('link', { name: 'Reply by email' }).getAttribute('href')) ?? '');
    assert.match(reply, /On 29 Nov 2026, 02:17 UTC\+1 you wrote:/);

    await page.goto(`${base}/admin/tokens`);
    assert.ok((await page.locator('table td', { hasText: '29 Nov 2026, 02:17 UTC+1' }).count()) >= 1, await page.locator('table').innerText());

    assert.equal((await receiver.delivered(1)).length, 1, 'the inquiry was delivered to the webhook');
    await page.goto(`${base}/admin/deliveries?state=delivered`);
    const delivered = page.locator('table.inbox tbody tr', { hasText: 'Webhook to' });
    assert.match(await delivered.innerText(), /last 29 Nov 2026, 02:17 UTC\+1/);
    assert.match(await delivered.locator('td').last().innerText(), /^Delivered\s+29 Nov 2026, 02:17 UTC\+1$/);
    await assertAccessible(page, 'deliveries page');
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await page.close();
  });
});
