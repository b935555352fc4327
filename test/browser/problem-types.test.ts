import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Problem } from '../helpers/problem.js';
import { axeViolations, openPage, SCREENSHOTS, useBrowserSuite } from '../helpers/browser.js';

describe('problem type pages in Chromium (RFC 9457 §3.1.1)', () => {
  const suite = useBrowserSuite();

  it('a problem\'s type URI opens a readable page that leads to every other type', async () => {
    const problem = (await (await fetch(`${suite.server.baseUrl}/api/v1/projects?limit=1000`)).json()) as Problem;
    assert.equal(problem.error, 'validation_failed');
    const { page, problems } = await openPage(suite.context);
    await page.goto(problem.type);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Invalid request');
    assert.match(await page.locator('main').innerText(), /What to do: The errors member lists each field/);
    await page.getByRole('link', { name: 'All problem types' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/problems`);
    const types = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    assert.ok(types.includes('Invalid token') && types.includes('Quota exceeded'), types.join(' | '));
    await page.getByRole('link', { name: 'Invalid token' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/problems/invalid-token`);
    await page.screenshot({ path: `${SCREENSHOTS}/problem-type.png`, fullPage: true });
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    assert.deepEqual(problems, []);
    await page.close();
  });
});
