import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, openPage, SCREENSHOTS, useBrowserSuite } from '../helpers/browser.js';

describe('the "For AI agents" page in Chromium (docs/design.md §9.1)', () => {
  const suite = useBrowserSuite();

  it('the navigation link opens an HTML page that explains REST, MCP, keys and the sandbox in plain words', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For AI agents' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/agents`);
    assert.equal(await page.getByRole('link', { name: 'For AI agents' }).first().getAttribute('aria-current'), 'page');
    const headings = await page.locator('main h2').allTextContents();
    for (const topic of [/REST API/, /MCP/, /Keys/, /sandbox/i, /Files for machines/]) assert.ok(headings.some((h) => topic.test(h)), `${topic} in ${headings.join(' | ')}`);
    const text = await page.locator('main').innerText();
    assert.ok(text.includes(`${suite.server.baseUrl}/mcp`), 'names this server\'s MCP endpoint');
    assert.ok(text.includes('validation_failed') && text.includes('Sandbox-Scenario'), 'lists the sandbox scenarios');
    await page.screenshot({ path: `${SCREENSHOTS}/agents.png`, fullPage: true });
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('links every machine-readable file, and each one answers', async () => {
    const { page } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/agents`);
    const hrefs = await page.locator('main a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    for (const file of ['/llms.txt', '/openapi.json', '/auth.md', '/docs', '/.well-known/api-catalog', '/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/api/v1/keys']) {
      assert.ok(hrefs.includes(file), `links ${file}`);
    }
    for (const href of hrefs.filter((h) => h.startsWith('/') && h !== '/api/v1/keys')) {
      const res = await fetch(`${suite.server.baseUrl}${href}`);
      assert.equal(res.status, 200, href);
      await res.arrayBuffer();
    }
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    await page.close();
  });
});
