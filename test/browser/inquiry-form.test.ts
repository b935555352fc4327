import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { FORM_TOKEN_TTL_MS } from '../../src/pages/form-token.js';
import { axeViolations, openPage, SCREENSHOTS, useBrowserSuite } from '../helpers/browser.js';

async function fillInquiry(page: Page, values: { name: string; email: string; message: string; company?: string; budget?: string }) {
  await page.getByLabel('Your name').fill(values.name);
  await page.getByLabel('Email address').fill(values.email);
  if (values.company) await page.getByLabel('Company or organisation').fill(values.company);
  if (values.budget) await page.getByLabel('Budget').fill(values.budget);
  await page.getByLabel('Tell us about your project').fill(values.message);
}

describe('inquiry form in Chromium (docs/design.md §9.1)', () => {
  const suite = useBrowserSuite();

  it('an inquiry sent with a double click on the submit button is stored once', { timeout: 60_000 }, async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/projects/kestrel-museum-audio-guide`);
    await page.getByRole('link', { name: 'Start an inquiry about this project' }).click();
    await page.waitForURL(/\/inquire\?project=kestrel-museum-audio-guide$/);
    assert.equal(await page.getByLabel(/Which of our projects/).inputValue(), 'kestrel-museum-audio-guide', 'the project is preselected');
    await page.screenshot({ path: `${SCREENSHOTS}/inquiry-form.png`, fullPage: true });

    const before = await suite.server.store.inquiries.count();
    await fillInquiry(page, { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines', message: 'We would like an audio guide for our gallery, in three languages.' });
    // A slow network: the first submission reaches the server, but its answer is held back so the
    // form is still on screen when the button is pressed a second time.
    let releaseFirst!: () => void;
    const secondSent = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstArrived!: () => void;
    const firstSent = new Promise<void>((resolve) => (firstArrived = resolve));
    let posts = 0;
    await page.route('**/inquire', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (++posts === 1) {
        const answer = await route.fetch({ maxRedirects: 0 });
        firstArrived();
        await secondSent;
        // The browser abandoned this navigation for the second one; fulfilling it may fail.
        await route.fulfill({ response: answer }).catch(() => undefined);
      } else {
        releaseFirst();
        await route.continue();
      }
    });
    const send = page.getByRole('button', { name: 'Send inquiry' });
    await send.scrollIntoViewIfNeeded();
    const button = (await send.boundingBox())!;
    // Wait for the thank-you page itself: waiting on "the next navigation" could catch the first,
    // abandoned one (net::ERR_ABORTED) instead.
    const thanks = page.waitForResponse((r) => r.url().includes('/inquire/thanks?ref=inq_') && r.status() === 200);
    await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
    await firstSent;
    await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
    await thanks;
    await page.locator('.thanks .ref').waitFor();
    assert.equal(posts, 2, 'the form was sent twice');
    assert.equal(await suite.server.store.inquiries.count(), before + 1);

    const ref = new URL(page.url()).searchParams.get('ref')!;
    assert.match((await page.locator('main').textContent()) ?? '', new RegExp(ref));
    const stored = await suite.server.store.inquiries.get(ref);
    assert.equal(stored?.source, 'web');
    assert.deepEqual(stored?.project_slugs, ['kestrel-museum-audio-guide']);
    assert.equal(stored?.company, 'Analytical Engines');
    await page.screenshot({ path: `${SCREENSHOTS}/inquiry-thanks.png` });
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('Back after sending, then Send again with the same answers, shows the same reference and stores nothing more', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/inquire`);
    const answers = { name: 'Grace Hopper', email: 'grace@example.com', message: 'A compiler for our museum, sent once even after Back.' };
    await fillInquiry(page, answers);
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await page.waitForURL(/\/inquire\/thanks\?ref=inq_/);
    const ref = new URL(page.url()).searchParams.get('ref');
    const before = await suite.server.store.inquiries.count();
    await page.goBack();
    await page.waitForURL(/\/inquire$/);
    // Whatever the browser restored, the visitor sends what they had typed.
    await fillInquiry(page, answers);
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await page.waitForURL(/\/inquire\/thanks\?ref=inq_/);
    assert.equal(new URL(page.url()).searchParams.get('ref'), ref, 'the inquiry already made');
    assert.equal(await suite.server.store.inquiries.count(), before);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a validation error is shown next to its field and keeps every typed value', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/inquire`);
    const before = await suite.server.store.inquiries.count();
    await fillInquiry(page, { name: 'Grace Hopper', email: 'not-an-email', company: 'Navy <Labs> & "Co"', budget: '€40–60k', message: 'Too short' });
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Send inquiry' }).click()]);
    assert.equal(response.status(), 422);
    await page.waitForLoadState();

    assert.equal(await page.getByLabel('Your name').inputValue(), 'Grace Hopper');
    assert.equal(await page.getByLabel('Email address').inputValue(), 'not-an-email');
    assert.equal(await page.getByLabel('Company or organisation').inputValue(), 'Navy <Labs> & "Co"');
    assert.equal(await page.getByLabel('Budget').inputValue(), '€40–60k');
    assert.equal(await page.getByLabel('Tell us about your project').inputValue(), 'Too short');

    const email = page.getByLabel('Email address');
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    assert.match((await page.locator('#email-error').textContent()) ?? '', /email address/i);
    assert.match((await page.locator('#message-error').textContent()) ?? '', /at least 10 characters/);
    assert.match((await email.getAttribute('aria-describedby')) ?? '', /email-error/);
    assert.equal(await page.getByLabel('Your name').getAttribute('aria-invalid'), null, 'valid fields are not marked');
    assert.equal(await page.getByRole('alert').count(), 1, 'an error summary is announced');
    // It has focus (WCAG 2.2 SC 3.3.1): the next Tab reaches its first link, named by its field.
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'error-summary');
    await page.keyboard.press('Tab');
    assert.match((await page.evaluate(() => document.activeElement?.textContent)) ?? '', /^Email address: /);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id), 'email', 'the link leads to the field');
    await page.screenshot({ path: `${SCREENSHOTS}/inquiry-errors.png`, fullPage: true });

    // Correcting the same form sends it: the first attempt stored nothing under its token.
    await page.getByLabel('Email address').fill('grace@example.com');
    await page.getByLabel('Tell us about your project').fill('A compiler for business data processing, please.');
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await page.waitForURL(/\/inquire\/thanks\?ref=inq_/);
    assert.equal(await suite.server.store.inquiries.count(), before + 1);
    // Chromium logs every 4xx document as a console error; the 422 re-render is the one we expect.
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await page.close();
  });

  it('a form left open past its token\'s life comes back as an error that takes focus and marks the title, answers kept', async () => {
    const { page } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/inquire`);
    const before = await suite.server.store.inquiries.count();
    await fillInquiry(page, { name: 'Katherine Johnson', email: 'katherine@example.com', message: 'Trajectories for a public planetarium exhibit.' });
    suite.server.clock.advance(FORM_TOKEN_TTL_MS + 1000);
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Send inquiry' }).click()]);
    assert.equal(response.status(), 403);
    await page.waitForLoadState();
    // Nothing was sent: a screen reader must not hear the same page as before sending (WCAG 2.2 SC 2.4.2, 3.3.1).
    assert.match(await page.title(), /^Error: /);
    const alert = page.getByRole('alert');
    assert.match((await alert.textContent()) ?? '', /has expired/);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'alert', 'the refusal has focus');
    assert.equal(await page.getByLabel('Your name').inputValue(), 'Katherine Johnson');
    assert.equal(await suite.server.store.inquiries.count(), before);
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await page.waitForURL(/\/inquire\/thanks\?ref=inq_/);
    assert.equal(await suite.server.store.inquiries.count(), before + 1);
    await page.close();
  });

  it('the form, its error state and the thank-you page have no serious or critical axe-core violations', async () => {
    const { page } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/inquire`);
    let serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));

    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await page.waitForLoadState();
    assert.ok((await page.locator('.field-error').count()) >= 3);
    serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));

    await page.goto(`${suite.server.baseUrl}/inquire/thanks?ref=inq_example`);
    serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    await page.close();
  });

  it('right-to-left text is shown right to left as it is typed, and in the owner\'s inbox (dir="auto")', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/inquire`);
    const message = 'نريد تطبيقا لحجز المواعيد في عياداتنا.';
    await fillInquiry(page, { name: 'ليلى أحمد', email: 'layla@example.com', message });
    const directions = await page.evaluate(() => ['name', 'message'].map((id) => getComputedStyle(document.getElementById(id)!).direction));
    assert.deepEqual(directions, ['rtl', 'rtl']);
    await page.getByLabel('Email address').fill('ada@example.com');
    assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('email')!).direction), 'ltr', 'an address stays left to right');
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await page.waitForURL(/\/inquire\/thanks|\/inquire$/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a browser gets a friendly HTML 404 page for an unknown project', async () => {
    const { page } = await openPage(suite.context);
    const response = await page.goto(`${suite.server.baseUrl}/projects/no-such-project`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'We could not find that page');
    assert.equal(await page.getByRole('link', { name: 'Browse all projects' }).count(), 1);
    await page.close();
  });
});
