import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openPage, useBrowserSuite } from '../helpers/browser.js';

/** The focused element's box against the viewport, or null once focus has left the page's controls. */
async function focusedBox(page: Page): Promise<{ name: string; top: number; bottom: number; height: number } | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const box = active.getBoundingClientRect();
    return { name: `${active.tagName} "${(active.textContent ?? '').trim().slice(0, 30)}"`, top: box.top, bottom: box.bottom, height: innerHeight };
  });
}

describe('keyboard use of the public pages in Chromium (WCAG 2.2 SC 2.4.7, 2.4.11)', () => {
  const suite = useBrowserSuite();

  it('every filter a keyboard user tabs to on a laptop-sized screen is scrolled into view, also with every group open', async () => {
    const laptop = await suite.browser.newContext({ viewport: { width: 1280, height: 600 } });
    const { page, problems } = await openPage(laptop);
    await page.goto(`${suite.server.baseUrl}/`);
    // The open groups alone are taller than the screen; open the rest too, as a visitor may.
    const closed = page.locator('.filter-group:not([open]) > summary');
    while ((await closed.count()) > 0) await closed.first().click();
    // Then from the search box at the top, on through the filters by keyboard.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Search projects').focus();
    const hidden: string[] = [];
    let filterStops = 0;
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const inFilters = await page.evaluate(() => document.activeElement?.closest('.filters') !== null);
      const box = await focusedBox(page);
      if (box === null) break;
      if (!inFilters) {
        if (filterStops > 0) break; // past the filters: the results
        continue;
      }
      filterStops++;
      if (box.top < 0 || box.bottom > box.height) hidden.push(`${box.name} at ${Math.round(box.top)}–${Math.round(box.bottom)}px`);
    }
    assert.ok(filterStops > 80, `the filters were tabbed through (${filterStops} stops)`);
    assert.deepEqual(hidden, [], 'focused filters outside the 600px-high viewport');
    assert.deepEqual(problems, []);
    await laptop.close();
  });
});
