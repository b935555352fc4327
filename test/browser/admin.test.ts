import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, openPage, SCREENSHOTS, useOwnerBrowserSuite } from '../helpers/browser.js';
import { codeOf, isSignInCode } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

async function assertAccessible(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `${what}: ${JSON.stringify(violations, null, 1)}`);
}

describe('the owner\'s inbox in Chromium: sign in by emailed code, triage, sign out', () => {
  const suite = useOwnerBrowserSuite(OWNER);

  const inquire = async (name: string, message: string) => {
    suite.server.clock.advance(1000);
    const res = await fetch(`${suite.server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email: `${name.split(' ')[0]!.toLowerCase()}@client.example`, message }),
    });
    assert.equal(res.status, 201);
  };

  it('works end to end with the keyboard-free defaults, and every page passes axe', async () => {
    await inquire('Grace Hopper', 'We need a compiler for our new harbour system.');
    await inquire('Alan Turing', 'Could you build a codebreaking dashboard for a museum?');
    const { page, problems } = await openPage(suite.context);
    const base = suite.server.baseUrl;

    await page.goto(`${base}/admin`);
    await page.waitForURL(`${base}/admin/login`);
    await assertAccessible(page, 'sign-in page');
    const seen = suite.smtp.messages.length;
    await page.getByLabel('Your email address').fill(OWNER);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await assertAccessible(page, 'code page');
    // If the mail never comes (the relay is down), the page says how else to get in.
    assert.ok(await page.getByText(`vitrine owner login-link ${OWNER}`).isVisible());
    const code = codeOf(await suite.smtp.next(isSignInCode(OWNER, seen, suite.smtp.messages)));
    // A wrong code comes back with the one-line error focused, so it is read first (WCAG 2.2 SC 3.3.1).
    await page.getByLabel('Six-digit code').fill(`${(Number(code[0]) + 1) % 10}${code.slice(1)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'code-error');
    await assertAccessible(page, 'code page with an error');
    assert.deepEqual(problems.splice(0), ['console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
    // Written as mails and people often group it: the browser must let "123 456" through.
    await page.getByLabel('Six-digit code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/admin`);

    const nav = page.getByRole('navigation', { name: 'Admin' });
    assert.match(await nav.getByRole('link', { name: /Inbox/ }).innerText(), /2 new/);
    assert.deepEqual(await page.locator('table.inbox tbody tr td:first-child a').allTextContents(), ['Alan Turing', 'Grace Hopper']);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-inbox.png`, fullPage: true });
    await assertAccessible(page, 'inbox');

    await page.getByLabel('Find inquiries by name, email, company, message or reference').fill('harbour');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(/q=harbour/);
    assert.deepEqual(await page.locator('table.inbox tbody tr td:first-child a').allTextContents(), ['Grace Hopper']);

    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await assertAccessible(page, 'inquiry page');
    assert.match(await page.getByRole('link', { name: 'Reply by email' }).getAttribute('href') ?? '', /^mailto:grace%40client\.example\?subject=/);
    await page.getByRole('button', { name: 'Replied' }).click();
    await page.getByRole('status').filter({ hasText: 'Marked replied.' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/admin-inquiry.png`, fullPage: true });

    await page.getByRole('link', { name: 'Inbox', exact: false }).first().click();
    await page.getByRole('navigation', { name: 'By status' }).getByRole('link', { name: /^Replied/ }).click();
    await page.waitForURL(/status=replied/);
    assert.deepEqual(await page.locator('table.inbox tbody tr td:first-child a').allTextContents(), ['Grace Hopper']);

    await page.goto(`${base}/admin`);
    await page.getByRole('link', { name: 'Alan Turing' }).click();
    await page.getByRole('link', { name: 'Delete for good…' }).click();
    await assertAccessible(page, 'delete confirmation');
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('status').filter({ hasText: 'The inquiry was deleted for good.' }).waitFor();
    assert.deepEqual(await page.locator('table.inbox tbody tr td:first-child a').allTextContents(), ['Grace Hopper']);

    for (const [path, what] of [['/admin/tokens', 'tokens page'], ['/admin/deliveries', 'deliveries page'], ['/admin/projects/kestrel-museum-audio-guide/preview', 'project preview']] as const) {
      await page.goto(`${base}${path}`);
      await assertAccessible(page, what);
    }
    await page.getByRole('link', { name: 'Back to editing' }).click();
    await page.waitForURL(`${base}/admin/projects/kestrel-museum-audio-guide`);

    await page.getByRole('button', { name: /Sign out/ }).click();
    await page.waitForURL(`${base}/admin/login?signed_out=1`);
    await page.goto(`${base}/admin`);
    await page.waitForURL(`${base}/admin/login`);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('the inbox and an inquiry fit a phone screen without sideways scrolling', async () => {
    // An unbroken 520-character URL must wrap too (WCAG 1.4.10), in the inbox and on the inquiry's page.
    await inquire('Margaret Hamilton', `A long message about flight software that should wrap on a narrow screen rather than overflow it: https://flight.example/${'apollo'.repeat(85)}`);
    const context = await suite.browser.newContext({ viewport: { width: 375, height: 740 } });
    const { page } = await openPage(context);
    const base = suite.server.baseUrl;
    await page.goto(`${base}/admin/login`);
    const seen = suite.smtp.messages.length;
    await page.getByLabel('Your email address').fill(OWNER);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Six-digit code').fill(codeOf(await suite.smtp.next(isSignInCode(OWNER, seen, suite.smtp.messages))));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/admin`);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok((await overflow()) <= 375, `the inbox is ${await overflow()}px wide`);
    await page.getByRole('link', { name: 'Margaret Hamilton' }).click();
    await page.getByRole('heading', { name: 'Margaret Hamilton' }).waitFor();
    assert.ok((await overflow()) <= 375, `the inquiry page is ${await overflow()}px wide`);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-inquiry-phone.png`, fullPage: true });
    await context.close();
  });
});
