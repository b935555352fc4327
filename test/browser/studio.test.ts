import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, openPage, useBrowserSuite } from '../helpers/browser.js';
import { signedInOwner } from '../helpers/owner.js';

const OWNER = 'owner@studio.example';

async function assertAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `${what}: ${JSON.stringify(violations, null, 1)}`);
}

describe('the studio\'s own site in Chromium', () => {
  const suite = useBrowserSuite(() => ({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } }));

  it('the home page shows the profile\'s name, introduction, logo and accent colour, and passes axe', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Larchwood Studio');
    assert.match((await page.locator('.studio-intro').textContent()) ?? '', /transit planners, patient portals/);
    const logo = page.locator('header .brand-logo');
    assert.equal(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), 40, 'the logo loaded');
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    assert.equal(accent, '#1f5f4a');
    const button = await page.locator('.site-nav .button').evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(button, 'rgb(31, 95, 74)');
    await assertAccessible(page, 'home page');
    assert.deepEqual(problems, []);
  });

  it('the owner\'s profile page and project pages pass axe, also with errors shown', async () => {
    const owner = await signedInOwner(suite.server, OWNER);
    const session = [...owner.cookies].map(([name, value]) => ({ name, value, url: suite.server.baseUrl }));
    await suite.context.addCookies(session);
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/admin/profile`);
    await assertAccessible(page, 'profile page');
    await page.getByLabel('Accent colour').fill('#ffcc00');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForSelector('#accent_color-error');
    assert.match((await page.locator('#accent_color-error').textContent()) ?? '', /contrast 1\.\d\d:1/);
    await assertAccessible(page, 'profile page with an error');
    await page.goto(`${suite.server.baseUrl}/admin/projects`);
    await assertAccessible(page, 'projects list');
    // Deleting asks first: the list's link opens the confirmation, whose "Keep it" goes back.
    await page.getByRole('link', { name: /^Delete… / }).first().click();
    await page.getByRole('heading', { name: /for good\?$/ }).waitFor();
    await assertAccessible(page, 'delete project confirmation');
    await page.getByRole('link', { name: 'Keep it' }).click();
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await page.goto(`${suite.server.baseUrl}/admin/projects/new`);
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForSelector('.error-summary');
    await assertAccessible(page, 'new project with errors');
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
  });

  it('a profile sent with a logo over the upload limit shows a page saying so, which leads back to the form', async () => {
    const owner = await signedInOwner(suite.server, OWNER);
    await suite.context.addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: suite.server.baseUrl })));
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/admin/profile`);
    assert.match((await page.locator('#logo-hint').textContent()) ?? '', /at most 256 KiB/, 'the form says the logo\'s limit before anything is sent');
    await page.getByLabel('Tagline').fill('Not to be saved');
    await page.locator('#logo').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('heading', { name: 'That was too large to send', level: 1 }).waitFor();
    assert.match((await page.locator('.error-page').textContent()) ?? '', /Nothing was saved: a form may send at most 10 MiB, files included\./);
    await assertAccessible(page, 'upload too large page');
    await page.getByRole('link', { name: 'Back to the form' }).click();
    await page.getByRole('button', { name: 'Save profile' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/profile');
    assert.notEqual(await page.getByLabel('Tagline').inputValue(), 'Not to be saved', 'nothing was saved');
    assert.deepEqual(problems.filter((p) => !/status of 413/.test(p)), []);
  });
});
