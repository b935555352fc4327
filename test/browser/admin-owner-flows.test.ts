import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations, openPage, useOwnerBrowserSuite, type OwnerBrowserSuite } from '../helpers/browser.js';
import { codeOf, isSignInCode } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

/** Signs in with a code mailed to the suite's SMTP server, from the sign-in page asked for `next`. */
async function signIn(suite: OwnerBrowserSuite, page: Page, next: string): Promise<void> {
  const base = suite.server.baseUrl;
  await page.goto(`${base}/admin/login?next=${encodeURIComponent(next)}`);
  const seen = suite.smtp.messages.length;
  await page.getByLabel('Your email address').fill(OWNER);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Six-digit code').fill(codeOf(await suite.smtp.next(isSignInCode(OWNER, seen, suite.smtp.messages))));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}${next}`);
}

async function postInquiry(base: string, name: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: 'sender@client.example', message: 'We would like a new website, please.' }),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { id: string }).id;
}

describe('owner flows in Chromium', () => {
  const suite = useOwnerBrowserSuite(OWNER);

  it('"Mark as New" on an opened inquiry leaves it new (unread), in the page, the inbox and its count', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    const id = await postInquiry(base, 'Mara Lind');
    await signIn(suite, page, '/admin');
    await page.getByRole('link', { name: 'Mara Lind' }).click();
    await page.waitForURL(`${base}/admin/inquiries/${id}`);
    assert.equal((await page.locator('.section-head .status').innerText()).trim(), 'Read', 'opening marks it read');

    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Marked new.' }).waitFor();
    assert.equal((await page.locator('.section-head .status').innerText()).trim(), 'New', 'the page shows the status just set');
    assert.equal((await suite.server.store.inquiries.get(id))?.status, 'new', 'the store keeps it new');
    await page.goto(`${base}/admin?status=new`);
    assert.equal(await page.getByRole('link', { name: 'Mara Lind' }).count(), 1, 'the New tab lists it');
    await page.close();
  });

  it('a new code is one button away on the code page, after a wrong code, without typing the address again; the new code signs in', async () => {
    const signedOut = await suite.browser.newContext();
    const { page } = await openPage(signedOut);
    const base = suite.server.baseUrl;
    await page.goto(`${base}/admin/login?next=%2Fadmin%2Fdeliveries`);
    const seen = suite.smtp.messages.length;
    await page.getByLabel('Your email address').fill(OWNER);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const first = codeOf(await suite.smtp.next(isSignInCode(OWNER, seen, suite.smtp.messages)));
    await page.getByLabel('Six-digit code').fill(first === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code did not work' }).waitFor();

    const again = suite.smtp.messages.length;
    await page.getByRole('button', { name: 'Email me a new code' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    assert.ok((await page.content()).includes(OWNER), 'the code page names the address');
    const second = codeOf(await suite.smtp.next(isSignInCode(OWNER, again, suite.smtp.messages)));
    await page.getByLabel('Six-digit code').fill(second);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/admin/deliveries`, { timeout: 5000 });
    await signedOut.close();
  });

  it('revoking an API token asks first, naming the token; "Keep it" keeps it working, and only the confirmation revokes it', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    await page.goto(`${base}/admin/tokens`);
    if (page.url() !== `${base}/admin/tokens`) await signIn(suite, page, '/admin/tokens');
    await page.getByLabel('Name of a new token').fill('Invoice robot');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.locator('code.secret').waitFor();
    const live = async () => (await suite.server.store.ownerTokens.list()).filter((t) => t.name === 'Invoice robot' && t.revoked_at === null).length;

    await page.getByRole('link', { name: 'Revoke Invoice robot' }).click();
    await page.getByRole('heading', { name: 'Revoke the token “Invoice robot”?' }).waitFor();
    assert.equal(await live(), 1, 'asking does not revoke');
    await page.getByText('never used').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('link', { name: 'Keep it' }).click();
    await page.waitForURL(`${base}/admin/tokens`);
    assert.equal(await live(), 1, '"Keep it" keeps the token');

    await page.getByRole('link', { name: 'Revoke Invoice robot' }).click();
    await page.getByRole('button', { name: 'Revoke the token' }).click();
    await page.getByRole('status').filter({ hasText: 'The token was revoked' }).waitFor();
    assert.equal(await live(), 0, 'the confirmation revokes it');
    assert.equal((await page.goto(`${base}/admin/tokens/otk_nosuchtoken/revoke`))?.status(), 404, 'no page to revoke a token that does not exist');
    await page.close();
  });

  it('an inquiry opened from a tab or a search leads back to that view, after a status change and from the delete page too', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    const id = await postInquiry(base, 'Spam Sender Quill');
    await postInquiry(base, 'Other Quill');
    await suite.server.store.inquiries.setStatus(id, 'spam', new Date(suite.server.clock.now()).toISOString());
    await page.goto(`${base}/admin?status=spam&q=quill`);
    if (!page.url().startsWith(`${base}/admin?`)) await signIn(suite, page, '/admin?status=spam&q=quill');
    const view = `${base}/admin?status=spam&q=quill`;

    await page.getByRole('link', { name: 'Spam Sender Quill' }).click();
    await page.getByRole('button', { name: 'Archived' }).click();
    await page.getByRole('status').filter({ hasText: 'Marked archived.' }).waitFor();
    await page.getByRole('link', { name: 'Inbox', exact: true }).last().click();
    await page.waitForURL(`${base}/admin?status=spam&q=quill`);
    assert.equal(page.url(), view, 'the crumb leads back to the Spam tab and its search');

    await page.goto(`${base}/admin?status=archived&q=quill`);
    await page.getByRole('link', { name: 'Spam Sender Quill' }).click();
    await page.getByRole('link', { name: 'Delete for good…' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('status').filter({ hasText: 'deleted for good' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('status'), 'archived', 'after deleting, the view it was opened from');
    assert.equal(new URL(page.url()).searchParams.get('q'), 'quill');
    await page.close();
  });

  it('a new logo sent with a refused accent colour is not silently dropped: the logo field says it was not saved and to choose it again', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    await page.goto(`${base}/admin/profile`);
    if (page.url() !== `${base}/admin/profile`) await signIn(suite, page, '/admin/profile');
    const before = (await suite.server.store.studio.get())?.logo ?? null;
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#224466' } }).png().toBuffer();
    await page.locator('#logo').setInputFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Accent colour').fill('#ffcc00');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForSelector('#accent_color-error');
    assert.deepEqual((await suite.server.store.studio.get())?.logo ?? null, before, 'nothing was saved');
    const logoError = page.locator('#logo-error');
    assert.equal(await logoError.count(), 1, 'the logo field says what became of the chosen file');
    assert.match(await logoError.innerText(), /not saved.*choose .*again/i);
    assert.equal(await page.locator('#logo').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  it('an older page of the inbox leads back to the newest inquiries in the same view', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    for (let i = 0; i < 26; i += 1) await postInquiry(base, `Paging Person ${i}`);
    await page.goto(`${base}/admin?q=paging`);
    if (!page.url().startsWith(`${base}/admin?`)) await signIn(suite, page, '/admin?q=paging');
    await page.getByRole('link', { name: 'Older inquiries' }).click();
    await page.waitForURL(/cursor=/);
    await page.getByRole('link', { name: 'Newest inquiries' }).click();
    await page.waitForURL(`${base}/admin?q=paging`);
    assert.equal(await page.locator('table.inbox tbody tr').count(), 25, 'the first page again');
    await page.close();
  });

  it('signing out says so on the sign-in page it lands on, and the inbox is then closed', async () => {
    const context = await suite.browser.newContext();
    const { page } = await openPage(context);
    const base = suite.server.baseUrl;
    await signIn(suite, page, '/admin');
    await page.getByRole('button', { name: /^Sign out/ }).click();
    await page.waitForURL(/\/admin\/login/);
    await page.getByRole('status').filter({ hasText: 'You are signed out.' }).waitFor({ timeout: 5000 });
    assert.deepEqual(await axeViolations(page), []);
    await page.goto(`${base}/admin`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByText('You are signed out.').count(), 0, 'said once, after signing out');
    await context.close();
  });

  it('"Remove the logo" ticked with a refused accent colour stays ticked, and nothing is removed until the profile saves', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    await page.goto(`${base}/admin/profile`);
    if (page.url() !== `${base}/admin/profile`) await signIn(suite, page, '/admin/profile');
    assert.ok((await suite.server.store.studio.get())?.logo, 'the demo studio has a logo');
    await page.getByLabel('Remove the logo').check();
    await page.getByLabel('Accent colour').fill('#ffcc00');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForSelector('#accent_color-error');
    assert.ok((await suite.server.store.studio.get())?.logo, 'nothing was saved');
    assert.equal(await page.getByLabel('Remove the logo').isChecked(), true, 'the choice is kept');
    await page.getByLabel('Accent colour').fill('#1f5f4a');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').filter({ hasText: 'The profile was saved' }).waitFor();
    assert.equal((await suite.server.store.studio.get())?.logo ?? null, null, 'saved with the rest, the logo is removed');
    await page.close();
  });

  it('saving a draft does not claim the site shows it: the notice says only owners see it, and publishing says the site does', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    await page.goto(`${base}/admin/projects/new`);
    if (page.url() !== `${base}/admin/projects/new`) await signIn(suite, page, '/admin/projects/new');
    await page.getByLabel('Title', { exact: true }).fill('Quiet Draft Project');
    await page.getByLabel('Summary').fill('A draft nobody else should see yet.');
    await page.getByLabel('Industry').fill('retail');
    await page.getByLabel('Year').fill('2026');
    await page.getByRole('button', { name: 'Create project' }).click();
    const notice = page.getByRole('status');
    await notice.waitFor();
    assert.equal((await suite.server.store.projects.getAny('quiet-draft-project'))?.published_at, null, 'a draft');
    assert.doesNotMatch(await notice.innerText(), /site shows it/, 'a draft is not on the site');
    assert.match(await notice.innerText(), /draft/i);
    await page.getByRole('link', { name: 'Quiet Draft Project', exact: true }).click();
    await page.getByLabel(/Published \(visible to everyone\)/).check();
    await page.getByRole('button', { name: 'Save project' }).click();
    assert.match(await page.getByRole('status').innerText(), /site shows it now/);
    await page.close();
  });

  it('an inquiry link that leads nowhere (deleted for good by another owner) answers an owner 404 inside the admin, leading back to the inbox', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    const id = await postInquiry(base, 'Gone Soon');
    await page.goto(`${base}/admin`);
    if (page.url() !== `${base}/admin`) await signIn(suite, page, '/admin');
    assert.ok(await suite.server.store.inquiries.delete(id), 'erased (as a co-owner\'s "Delete for good" does)');
    const res = await page.goto(`${base}/admin/inquiries/${id}`);
    assert.equal(res?.status(), 404);
    assert.equal(res?.headers()['cache-control'], 'no-store');
    const body = await res!.text();
    assert.match(body, /<\/html>\s*$/, 'the whole page, not cut at the replaced answer\'s length');
    assert.equal(Number(res?.headers()['content-length']), Buffer.byteLength(body), 'its own length, not the replaced answer\'s');
    await page.getByText(`No inquiry has the id "${id}"`).waitFor();
    assert.equal(await page.getByText('the project is no longer published').count(), 0, 'not the public catalog\'s 404');
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await page.waitForURL(`${base}/admin`);
    await page.close();
  });
});
