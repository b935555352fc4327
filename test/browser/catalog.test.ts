import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/lib/clock.js';
import { cryptoRandom } from '../../src/lib/clock.js';
import { axeViolations, openPage, SCREENSHOTS, useBrowserSuite } from '../helpers/browser.js';

describe('human catalog in Chromium (docs/design.md §9.1)', () => {
  const suite = useBrowserSuite();

  it('search narrows the list to matching projects and keeps the query in the box', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/`);
    const allCards = await page.locator('main article.card').count();
    assert.ok(allCards >= 12, `expected a full first page, saw ${allCards} cards`);
    // Cards below the fold load lazily; scroll once so the full-page screenshot shows them.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/catalog.png`, fullPage: true });

    await page.getByLabel('Search projects').fill('museum');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=museum/);
    const titles = await page.locator('#results article.card h3').allTextContents();
    assert.ok(titles.length > 0 && titles.length < allCards, `search should narrow: ${titles.length} of ${allCards}`);
    assert.ok(titles.some((t) => /Museum/i.test(t)), titles.join(', '));
    assert.equal(await page.getByLabel('Search projects').inputValue(), 'museum');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a filter chip narrows the list to that industry and can be removed again', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('list', { name: 'Industry filters' }).getByRole('link', { name: /^Healthcare/ }).click();
    await page.waitForURL(/industry=healthcare/);
    const metas = await page.locator('#results article.card .meta').allTextContents();
    assert.ok(metas.length >= 2, 'healthcare has several demo projects');
    for (const meta of metas) assert.match(meta, /Healthcare/);
    assert.equal(await page.locator('main article.card .badge').count(), 0, 'no featured block while filtering');

    await page.getByRole('link', { name: 'Remove filter Industry: Healthcare' }).click();
    await page.waitForURL((url) => !url.search.includes('industry'));
    assert.ok((await page.locator('main article.card').count()) > metas.length);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a search says how many projects it found, and its filters offer only values those projects have, with how many a click keeps', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/?q=app`);
    const heading = (await page.locator('#list-title').textContent())!;
    const total = Number(/^(\d+) matching projects?$/.exec(heading)?.[1]);
    assert.ok(total >= 2, heading);
    const industries = page.getByRole('list', { name: 'Industry filters' }).getByRole('link');
    const offered = await industries.allTextContents();
    assert.ok(offered.length > 0, 'the found projects have industries');
    // The whole catalog has industries these projects lack: they are not offered.
    await page.goto(`${suite.server.baseUrl}/`);
    assert.ok((await page.getByRole('list', { name: 'Industry filters' }).getByRole('link').count()) > offered.length, 'the catalog has more industries');
    await page.goto(`${suite.server.baseUrl}/?q=app`);
    // Each chip's count is what its page lists.
    const chip = industries.last();
    const [, name, count] = /^(.*?)(\d+) projects?$/.exec((await chip.textContent())!)!;
    await chip.click();
    await page.waitForURL(/industry=/);
    assert.equal(await page.locator('#results article.card').count(), Number(count), `${name}: ${count}`);
    assert.equal(await page.locator('#list-title').textContent(), `${count} matching ${count === '1' ? 'project' : 'projects'}`);
    // The chosen group offers what the search has in other industries, each counting its switch.
    const switches = page.getByRole('list', { name: 'Industry filters' }).locator('a:not([aria-current])');
    assert.equal(await switches.count(), offered.length - 1);
    const [, other, otherCount] = /^(.*?)(\d+) projects?$/.exec((await switches.first().textContent())!)!;
    const chosenUrl = page.url();
    await switches.first().click();
    await page.waitForURL((url) => url.href !== chosenUrl && url.searchParams.has('industry'));
    assert.equal(await page.locator('#results article.card').count(), Number(otherCount), `${other}: ${otherCount}`);
    assert.deepEqual(await axeViolations(page), [], 'the chosen chip shows its count legibly');

    // Nothing found: no chip promises results; the search can be tried without the filters.
    await page.goto(`${suite.server.baseUrl}/?q=zzqxv`);
    assert.equal(await page.locator('.filter-group').count(), 0);
    assert.ok(await page.getByText('Nothing to filter.').isVisible());
    await page.goto(`${suite.server.baseUrl}/?q=zzqxv&industry=healthcare`);
    assert.deepEqual(await page.locator('.filter-group summary').allTextContents(), ['Industry']);
    await page.getByRole('link', { name: 'Search all projects for “zzqxv”' }).click();
    await page.waitForURL((url) => url.search === '?q=zzqxv');
    assert.deepEqual(await axeViolations(page), []);
    // A misspelt search is offered its correction, which lists projects.
    await page.goto(`${suite.server.baseUrl}/?q=acessibility`);
    await page.getByRole('link', { name: '“accessibility”' }).click();
    await page.waitForURL((url) => url.search === '?q=accessibility');
    assert.ok((await page.locator('#results article.card').count()) > 0);
    await page.goBack();
    assert.deepEqual(await axeViolations(page), [], 'the empty view with its suggestion');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('the chosen filter still stands out in forced colours (Windows High Contrast), where backgrounds are dropped', async () => {
    const contrast = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, forcedColors: 'active' });
    const { page, problems } = await openPage(contrast);
    await page.goto(`${suite.server.baseUrl}/?industry=healthcare`);
    const industry = page.getByRole('list', { name: 'Industry filters' });
    const look = (name: string) =>
      industry.getByRole('link', { name }).evaluate((chip) => {
        const style = getComputedStyle(chip);
        return `${style.backgroundColor} ${style.color} ${style.borderTopWidth} ${style.borderTopColor} ${style.fontWeight}`;
      });
    assert.equal(await industry.getByRole('link', { name: 'Healthcare' }).getAttribute('aria-current'), 'true');
    assert.notEqual(await look('Healthcare'), await look('Education'), 'the chosen chip looks different from the others');
    assert.deepEqual(problems, []);
    await contrast.close();
  });

  it('on a wide screen the filters show under a heading, with no disclosure control that toggles nothing', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/`);
    assert.ok(await page.getByRole('heading', { name: 'Filter projects' }).isVisible());
    assert.ok(await page.getByRole('list', { name: 'Industry filters' }).isVisible(), 'the filters are shown');
    assert.equal(await page.locator('.filter-panel > summary').isVisible(), false, 'no panel summary on a wide screen');
    // Tab through the page: no stop is the panel's summary (WCAG 2.2 SC 2.4.3).
    const stops: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => (document.activeElement?.matches('.filter-panel > summary') ? 'panel summary' : (document.activeElement?.tagName ?? ''))));
    }
    assert.ok(!stops.includes('panel summary'), stops.join(' '));
    assert.ok(stops.includes('SUMMARY'), 'the filter groups\' own disclosures are still reached');
    assert.equal(await page.getByRole('complementary', { name: 'Filter projects' }).count(), 1, 'the region keeps its name');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('hides a disclosure summary only where the browser can still show the closed content (::details-content)', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/`);
    // A browser without ::details-content keeps a closed <details>' content hidden: if it also hid the summary,
    // the filters (and the studio's about text) would be unreachable. Every rule hiding a summary must sit under
    // @supports selector(::details-content), so such a browser keeps the working disclosure.
    const unguarded = await page.evaluate(() => {
      const found: string[] = [];
      // A work list, not a recursive helper: named inner functions do not survive the transpiler here.
      const pending: Array<[CSSRuleList, boolean]> = Array.from(document.styleSheets).map((sheet) => [sheet.cssRules, false]);
      for (let next = pending.pop(); next; next = pending.pop()) {
        const [rules, guarded] = next;
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) {
            if (/summary/.test(rule.selectorText) && rule.style.display === 'none' && !guarded) found.push(rule.selectorText);
          } else if (rule instanceof CSSSupportsRule) {
            pending.push([rule.cssRules, guarded || rule.conditionText.includes('::details-content')]);
          } else if (rule instanceof CSSGroupingRule) {
            pending.push([rule.cssRules, guarded]);
          }
        }
      }
      return found;
    });
    assert.deepEqual(unguarded, []);
    assert.ok(await page.getByRole('list', { name: 'Industry filters' }).isVisible(), 'Chromium has ::details-content: the filters show');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('"More projects" pages through the catalog with the cursor', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/`);
    const first = await page.locator('#results article.card h3').allTextContents();
    await page.getByRole('link', { name: 'More projects' }).click();
    await page.waitForURL(/cursor=/);
    const second = await page.locator('#results article.card h3').allTextContents();
    assert.ok(second.length > 0);
    assert.equal(second.filter((t) => first.includes(t)).length, 0, 'the next page shows new projects');
    // Cursors only go forward; a later page leads back to the start.
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'First page' }).click();
    await page.waitForURL((url) => url.search === '');
    assert.deepEqual(await page.locator('#results article.card h3').allTextContents(), first);
    assert.equal(await page.getByRole('link', { name: 'First page' }).count(), 0, 'not on the first page itself');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a project page opens from its card with images, facts, an outbound link and the inquiry action', async () => {
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/?q=trip+planner`);
    await page.getByRole('link', { name: 'Atlas Regional Trip Planner' }).click();
    await page.waitForURL(/\/projects\/atlas-regional-trip-planner$/);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Atlas Regional Trip Planner');
    // The project's own images have text alternatives; the related work's cards are decorative (their titles say it).
    const alts = await page.locator('main img:not(.related img)').evaluateAll((imgs) => imgs.map((img) => ({ alt: img.getAttribute('alt'), loaded: (img as HTMLImageElement).naturalWidth > 0 })));
    assert.ok(alts.length >= 1 && alts.every((a) => a.alt && a.alt.length > 10), JSON.stringify(alts));
    assert.ok((await page.locator('.related img').count()) > 0, 'other work of the industry follows');
    await page.locator('main img').first().evaluate((img) => (img as HTMLImageElement).decode());
    assert.ok(await page.locator('main img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth > 0), 'the placeholder SVG loads');
    assert.equal(await page.locator('.prose strong').first().textContent(), 'twelve ride-along interviews', 'Markdown bold renders');
    const live = page.getByRole('link', { name: /Visit the live project/ });
    assert.equal(await live.getAttribute('rel'), 'noopener');
    const inquire = page.getByRole('link', { name: 'Start an inquiry about this project' });
    assert.equal(await inquire.getAttribute('href'), '/inquire?project=atlas-regional-trip-planner');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    assert.equal(jsonLd['@type'], 'CreativeWork');
    await page.screenshot({ path: `${SCREENSHOTS}/project.png`, fullPage: true });
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('the catalog works on a phone-sized screen', async () => {
    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const { page, problems } = await openPage(phone);
    await page.goto(`${suite.server.baseUrl}/`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
    await page.screenshot({ path: `${SCREENSHOTS}/catalog-phone.png` });
    await page.goto(`${suite.server.baseUrl}/projects/gridwise-energy-forecasting`);
    await page.screenshot({ path: `${SCREENSHOTS}/project-phone.png` });
    assert.deepEqual(problems, []);
    await phone.close();
  });

  it('a project titled <script>alert(1)</script> renders as text, never as markup', async () => {
    await suite.server.store.projects.upsert(
      [
        {
          slug: 'xss-probe',
          title: '<script>alert(1)</script>',
          summary: '"><img src=x onerror=alert(2)>',
          description: 'Hello <script>alert(3)</script> [click](javascript:alert(4)) and </script><script>alert(5)</script>',
          client: '<b>Evil</b>',
          industry: 'retail',
          services: [],
          technologies: [],
          tags: [],
          year: 2026,
          featured: false,
          url: null,
          images: [{ url: '/images/xss-probe/1.svg', alt: '"><script>alert(6)</script>', width: 1600, height: 1000 }],
          published_at: '2026-05-01T00:00:00Z',
        },
      ],
      suite.server.clock.now(),
      () => newId(cryptoRandom, 'prj'),
    );
    suite.server.vitrine.catalog.invalidate();
    // A fresh browser cache: earlier tests cached "/" for its max-age of 60 s.
    const fresh = await suite.browser.newContext();
    const { page, problems } = await openPage(fresh);
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto(`${suite.server.baseUrl}/`);
    assert.equal(await page.getByRole('link', { name: '<script>alert(1)</script>' }).count(), 1, 'the title is visible as text on the catalog');
    await page.goto(`${suite.server.baseUrl}/projects/xss-probe`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), '<script>alert(1)</script>');
    assert.equal(await page.locator('script:not([type="application/ld+json"])').count(), 0, 'no executable script element exists');
    assert.equal(await page.locator('.prose a').count(), 0, 'a javascript: link is not rendered as a link');
    assert.match((await page.locator('.prose').textContent()) ?? '', /Hello <script>alert\(3\)<\/script>/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    assert.equal(jsonLd.name, '<script>alert(1)</script>', 'JSON-LD keeps the title intact and parseable');
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, []);
    await fresh.close();
  });

  it('the separators drawn between breadcrumb items and card details are not read out', async () => {
    const { page } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/projects/atlas-regional-trip-planner`);
    // The tree less its links' URLs: what a screen reader says.
    const crumbs = (await page.locator('.crumbs').ariaSnapshot()).split('\n').filter((line) => !line.includes('/url:')).join('\n');
    assert.match(crumbs, /Atlas Regional Trip Planner/);
    assert.doesNotMatch(crumbs, /\//, crumbs);
    await page.goto(`${suite.server.baseUrl}/`);
    const details = await page.locator('.card ul.meta').first().ariaSnapshot();
    assert.match(details, /listitem/);
    assert.doesNotMatch(details, /·/, details);
  });

  it('catalog and project pages have no serious or critical axe-core violations', async () => {
    const { page } = await openPage(suite.context);
    for (const path of ['/', '/?industry=healthcare', '/projects/atlas-regional-trip-planner']) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(serious, [], `${path}: ${JSON.stringify(serious, null, 2)}`);
    }
    await page.close();
  });
});
