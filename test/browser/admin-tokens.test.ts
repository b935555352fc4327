import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPage, useOwnerBrowserSuite } from '../helpers/browser.js';
import { codeOf, isSignInCode } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

describe('owner API tokens in Chromium', () => {
  const suite = useOwnerBrowserSuite(OWNER);

  it('reloading the answer that shows a new token (the browser sends the form again) makes no second token and shows no secret again', async () => {
    const { page } = await openPage(suite.context);
    const base = suite.server.baseUrl;
    await page.goto(`${base}/admin/login?next=%2Fadmin%2Ftokens`);
    const seen = suite.smtp.messages.length;
    await page.getByLabel('Your email address').fill(OWNER);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Six-digit code').fill(codeOf(await suite.smtp.next(isSignInCode(OWNER, seen, suite.smtp.messages))));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/admin/tokens`);
    const live = async () => (await suite.server.store.ownerTokens.list()).filter((t) => t.revoked_at === null).length;

    // A name the server refuses (only spaces pass `required`): reloading that answer is refused again,
    // and is not answered as though a token had been made.
    await page.getByLabel('Name of a new token').fill('   ');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('alert').filter({ hasText: 'A token needs a name' }).waitFor();
    const refusedAgain = await page.reload();
    assert.equal(refusedAgain?.request().method(), 'POST', 'Chromium sends the form again on reload');
    assert.equal(refusedAgain?.status(), 422);
    await page.getByRole('alert').filter({ hasText: 'A token needs a name' }).waitFor();
    assert.equal(await page.getByText('already sent').count(), 0);
    assert.equal(await live(), 0);

    await page.getByLabel('Name of a new token').fill('CRM sync');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.locator('code.secret').innerText()).trim();
    assert.match(secret, /^vt_own_/, 'the secret is shown right after creation');
    assert.equal(await live(), 1);

    const reloaded = await page.reload();
    assert.equal(reloaded?.request().method(), 'POST', 'Chromium sends the form again on reload');
    assert.equal(reloaded?.status(), 409);
    await page.getByRole('status').filter({ hasText: 'That form was already sent, so no second token was made' }).waitFor();
    assert.equal(await page.locator('code.secret').count(), 0, 'the secret is not shown a second time');
    assert.ok(!(await page.content()).includes(secret));
    assert.equal(await page.locator('table.inbox tbody tr').count(), 1, 'the list shows the one token');
    assert.equal(await live(), 1, 'still one live token');
    await page.close();
  });
});
