import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { axeViolations, openPage, SCREENSHOTS, useBrowserSuite } from '../helpers/browser.js';
import { projectFields } from '../helpers/project-fields.js';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('the catalog on a phone (Chromium at 390×844, docs/design.md §9.1)', () => {
  const suite = useBrowserSuite();
  let phone: BrowserContext;

  it('shows the first result above the fold, with the filters folded behind a disclosure', async () => {
    phone = await suite.browser.newContext(PHONE);
    const { page, problems } = await openPage(phone);
    await page.goto(`${suite.server.baseUrl}/`);
    assert.ok((await horizontalOverflow(page)) <= 0, 'no horizontal scrolling');
    const title = await page.locator('main article.card h3 a').first().boundingBox();
    assert.ok(title, 'a project card is rendered');
    assert.ok(title.y >= 0 && title.y + title.height <= PHONE.viewport.height, `the first project's title is on the first screen (it ends at ${title.y + title.height}px)`);
    const industry = page.getByRole('list', { name: 'Industry filters' });
    assert.equal(await industry.isVisible(), false, 'filters start folded');
    await page.screenshot({ path: `${SCREENSHOTS}/catalog-phone.png` });

    await page.locator('summary', { hasText: 'Filter projects' }).click();
    assert.ok(await industry.isVisible(), 'the disclosure opens the filters');
    // Chips wrap inside the screen: no row scrolls sideways or cuts a chip off.
    const cut = await page.locator('.filter-group[open] .chips').evaluateAll((lists) =>
      lists.flatMap((list) => {
        const box = list.getBoundingClientRect();
        const scrolls = list.scrollWidth > list.clientWidth;
        const outside = [...list.querySelectorAll('.chip')].filter((chip) => chip.getBoundingClientRect().right > box.right + 0.5);
        return scrolls || outside.length > 0 ? [list.getAttribute('aria-label')] : [];
      }),
    );
    assert.deepEqual(cut, []);
    await page.getByRole('list', { name: 'Industry filters' }).getByRole('link', { name: /^Healthcare/ }).click();
    await page.waitForURL(/industry=healthcare/);
    assert.ok(await page.locator('#results article.card').first().isVisible());
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('never starts a wrapped line of card details with a separator', async () => {
    const { page } = await openPage(phone);
    // Long client names make the details wrap on a narrow card.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`${suite.server.baseUrl}/`);
    const lines = await page.locator('main .card .meta').evaluateAll((metas) =>
      metas.map((meta) => {
        const items = [...meta.querySelectorAll('li')];
        const wrapped = items.some((li, i) => i > 0 && li.getBoundingClientRect().top > items[i - 1]!.getBoundingClientRect().top + 1);
        const leading = items.filter((li, i) => {
          const startsLine = i > 0 && li.getBoundingClientRect().top > items[i - 1]!.getBoundingClientRect().top + 1;
          return startsLine && /·/.test(getComputedStyle(li, '::before').content);
        });
        return { wrapped, leading: leading.map((li) => li.textContent) };
      }),
    );
    assert.ok(lines.some((l) => l.wrapped), 'at least one card wraps its details at this width (otherwise this test proves nothing)');
    assert.deepEqual(lines.flatMap((l) => l.leading), []);
    await page.close();
  });

  it('never starts a wrapped line of the breadcrumb with a separator', async () => {
    const { page } = await openPage(phone);
    await page.setViewportSize({ width: 320, height: 700 });
    // A long project title wraps the trail below its first items.
    await page.goto(`${suite.server.baseUrl}/projects/atlas-regional-trip-planner`);
    const { wrapped, leading } = await page.locator('.crumbs ol').evaluate((list) => {
      const items = [...list.querySelectorAll('li')];
      const starts = items.filter((li, i) => i > 0 && li.getBoundingClientRect().top > items[i - 1]!.getBoundingClientRect().top + 1);
      return { wrapped: starts.length > 0, leading: starts.filter((li) => getComputedStyle(li, '::before').content.includes('/')).map((li) => li.textContent) };
    });
    assert.ok(wrapped, 'the breadcrumb wraps at this width (otherwise this test proves nothing)');
    assert.deepEqual(leading, []);
    assert.match((await page.locator('.crumbs li').first().evaluate((li) => getComputedStyle(li, '::after').content)) ?? '', /\//, 'the separator follows the item before it');
    await page.setViewportSize(PHONE.viewport);
    await page.close();
  });

  it('a word too long for a 320 px screen wraps instead of widening the page (WCAG 2.2 SC 1.4.10)', async () => {
    // German compounds, a long client name or a pasted URL: the studio's own words, in its language.
    await suite.server.store.projects.upsert(
      [
        projectFields({
          slug: 'lange-woerter',
          title: 'Barrierefreiheitsüberprüfungsplattform für Stadtwerke',
          summary: 'Kundenzufriedenheitsbefragungsauswertung für Energieversorgungsunternehmen.',
          description: 'Siehe https://stadtwerke.example/projekte/barrierefreiheitsueberpruefungsplattform-abschlussbericht',
          client: 'Energieversorgungsunternehmensgesellschaft',
          industry: 'energy',
          year: 2026,
          images: [{ url: '/images/lange-woerter/1.svg', alt: 'Die Startseite der Plattform', width: 1600, height: 1000 }],
          published_at: '2026-05-01T00:00:00Z',
        }),
      ],
      suite.server.clock.now(),
      () => newId(cryptoRandom, 'prj'),
    );
    suite.server.vitrine.catalog.invalidate();
    const { page, problems } = await openPage(phone);
    await page.setViewportSize({ width: 320, height: 700 });
    for (const path of ['/projects/lange-woerter', '/?industry=energy', '/inquire?project=lange-woerter']) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      assert.ok((await horizontalOverflow(page)) <= 0, `${path}: no sideways scrolling (overflow ${await horizontalOverflow(page)}px)`);
    }
    assert.deepEqual(problems, []);
    await page.setViewportSize(PHONE.viewport);
    await page.close();
  });

  it('the agents page reads on a phone without sideways scrolling or axe violations', async () => {
    const { page, problems } = await openPage(phone);
    await page.goto(`${suite.server.baseUrl}/agents`);
    assert.ok((await horizontalOverflow(page)) <= 0, 'long URLs wrap');
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    assert.deepEqual(problems, []);
    await page.close();
    await phone.close();
  });
});
