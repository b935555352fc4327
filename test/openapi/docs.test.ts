import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { contrastRatio } from '../../src/studio/contrast.js';
import { axeViolations, launchBrowser, openPage } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((parts) => parts[0]).map(([name, ...values]) => [name!, values]));
}

/** src/href values of every <script> and <link> in the page that it loads (a canonical link is a name, not a load). */
function references(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]*)"[^>]*>/gi)].filter((m) => !/\brel="canonical"/.test(m[0])).map((m) => m[1]!);
}

describe('GET /docs: the API reference is served from this origin only', () => {
  let server: TestServer;
  let html: string;
  let res: Response;
  before(async () => {
    server = await startTestServer({ demo: false });
    res = await fetch(`${server.baseUrl}/docs`);
    html = await res.text();
  });
  after(async () => server.close());

  it('answers HTML with a strict Content-Security-Policy: scripts from self only, no eval, no inline script', () => {
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const csp = directives(res.headers.get('content-security-policy') ?? '');
    assert.deepEqual(csp.get('default-src'), ["'none'"]);
    assert.deepEqual(csp.get('script-src'), ["'self'"]);
    assert.deepEqual(csp.get('connect-src'), ["'self'"]);
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
    for (const values of csp.values()) for (const value of values) assert.doesNotMatch(value, /^(https?:|\*|'unsafe-eval')/, `no remote or eval source: ${value}`);
  });

  it('loads every script and stylesheet by a relative URL, and no <script> has inline content', () => {
    const refs = references(html);
    assert.ok(refs.length >= 3, refs.join(', '));
    for (const ref of refs) {
      const url = new URL(ref, `${server.baseUrl}/docs`);
      assert.equal(url.origin, server.baseUrl, `${ref} is same-origin`);
      assert.doesNotMatch(ref, /^(\/\/|[a-z]+:)/i, `${ref} is relative`);
    }
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      assert.match(attributes!, /\bsrc="/, 'every script is external');
      assert.equal(body!.trim(), '', 'no inline script content');
    }
    assert.doesNotMatch(html, /\bon[a-z]+="/i, 'no inline event handlers');
    assert.doesNotMatch(html, /<style\b|\bstyle="/i, 'no inline styles in the page itself');
  });

  it('wears the site\'s header and footer, with a way back to the catalog', () => {
    assert.match(html, /<header class="site-header">[\s\S]*<a class="brand" href="\/">/);
    assert.match(html, /<nav class="site-nav" aria-label="Main">[\s\S]*href="\/agents"/);
    assert.match(html, /<footer class="site-footer">/);
  });

  it('is rendered once per studio profile, with a validator: a repeat is a 304, a renamed studio a new page', async () => {
    const etag = res.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    const again = await fetch(`${server.baseUrl}/docs`);
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(await again.text(), html);
    const revalidated = await fetch(`${server.baseUrl}/docs`, { headers: { 'if-none-match': `W/${etag}, "other"` } });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.get('etag'), etag);
    assert.match(revalidated.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const profile = (await server.vitrine.studio.current()).profile;
    await server.vitrine.studio.save({ ...profile, name: 'Renamed Docs Studio' });
    const renamed = await fetch(`${server.baseUrl}/docs`, { headers: { 'if-none-match': etag! } });
    assert.equal(renamed.status, 200);
    assert.notEqual(renamed.headers.get('etag'), etag);
    assert.match(await renamed.text(), /Renamed Docs Studio/);
    await server.vitrine.studio.save(profile);
  });

  it('answers /docs/ with a permanent redirect to /docs', async () => {
    const slash = await fetch(`${server.baseUrl}/docs/`, { redirect: 'manual' });
    assert.equal(slash.status, 301);
    assert.equal(new URL(slash.headers.get('location')!, server.baseUrl).href, `${server.baseUrl}/docs`);
  });

  it('serves each referenced renderer asset from node_modules with its type, a validator and long caching', async () => {
    const rendererAssets = references(html).filter((ref) => ref.startsWith('/docs/assets/'));
    assert.ok(rendererAssets.length >= 4, rendererAssets.join(', '));
    for (const ref of rendererAssets) {
      const asset = await fetch(new URL(ref, `${server.baseUrl}/docs`));
      const body = await asset.arrayBuffer();
      assert.equal(asset.status, 200, ref);
      assert.ok(body.byteLength > 0, ref);
      assert.ok(asset.headers.get('etag'), ref);
      assert.match(asset.headers.get('cache-control') ?? '', /max-age=86400/, ref);
      if (ref.endsWith('.js')) assert.match(asset.headers.get('content-type') ?? '', /^text\/javascript/, ref);
      if (ref.endsWith('.css')) assert.match(asset.headers.get('content-type') ?? '', /^text\/css/, ref);
    }
    // RFC 9110 §13.1.2: If-None-Match is a list, compared weakly.
    const tag = (await fetch(`${server.baseUrl}/docs/assets/init.js`)).headers.get('etag')!;
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, '*']) assert.equal((await fetch(`${server.baseUrl}/docs/assets/init.js`, { headers: { 'if-none-match': header } })).status, 304, header);
    const init = await (await fetch(`${server.baseUrl}/docs/assets/init.js`)).text();
    assert.match(init, /validatorUrl: null/, 'the public validator badge (a third-party call) is off');
    assert.doesNotMatch(init, /https?:\/\//, 'the init script names no remote URL');
    assert.equal((await fetch(`${server.baseUrl}/docs/assets/package.json`)).status, 404, 'only the listed files are served');
    assert.equal((await fetch(`${server.baseUrl}/docs/assets/..%2F..%2Fpackage.json`)).status, 404);
  });
});

describe('GET /docs in Chromium: the reference renders with no CSP violation and no request to another origin', () => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startTestServer({ demo: false });
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the operations from /openapi.json', async () => {
    const context = await browser.newContext();
    const { page, problems } = await openPage(context);
    const origins = new Set<string>();
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin);
    });
    await page.goto(`${server.baseUrl}/docs`);
    await page.locator('.opblock-summary-path').first().waitFor({ timeout: 20_000 });
    // The site's header, styled by the site's stylesheet, leads back to the catalog.
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.ok(await nav.getByRole('link', { name: 'For AI agents' }).isVisible());
    assert.equal(await page.locator('.site-header .brand').evaluate((a) => getComputedStyle(a).fontFamily.includes('Georgia') || getComputedStyle(a).fontFamily.includes('serif')), true, 'site.css applies');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'API reference');
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    assert.ok(paths.some((p) => p.includes('/api/v1/projects')), paths.join(', '));
    assert.ok(paths.some((p) => p.includes('/oauth/token')), paths.join(', '));
    // Expanding an operation renders its schemas and highlighted examples (where inline styles would show up).
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body .responses-wrapper').first().waitFor({ timeout: 10_000 });
    await page.locator('.opblock-body .highlight-code, .opblock-body .model-box').first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: 'test-results/docs.png' });
    // Swagger UI's own markup, mended (docs.ts): no serious or critical axe finding, e.g. no
    // low-contrast method badges, an unnamed servers menu, a second main or links inside buttons.
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious.map((v) => `${v.id} (${v.nodes.length})`), []);
    assert.equal(await page.locator('main').count(), 2, 'the page\'s main and Swagger UI\'s, demoted to a region');
    assert.equal(await page.getByRole('main').count(), 1);
    assert.deepEqual([...origins], [server.baseUrl]);
    assert.deepEqual(problems, []);
    await page.locator('.site-header .brand').click();
    await page.waitForURL(`${server.baseUrl}/`);
    await context.close();
  });

  it('keeps its keyboard and contrast promises with Swagger UI running: skip link, readable Try-it-out controls, visible focus, reflow at 320 px', async () => {
    for (const width of [1280, 320]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const { page, problems } = await openPage(context);
      await page.goto(`${server.baseUrl}/docs`);
      await page.locator('.opblock-summary-path').first().waitFor({ timeout: 20_000 });
      // WCAG 2.2 SC 2.4.1: the skip link moves focus to the main content.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'skip-link', `${width}: the first stop is the skip link`);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'main', undefined, { timeout: 2000 }).catch(() => undefined);
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main', `${width}: focus is on <main>`);

      await page.locator('.opblock-summary').first().click();
      await page.getByRole('button', { name: 'Try it out' }).first().click();
      await page.getByRole('button', { name: 'Execute' }).first().click();
      await page.locator('.responses-wrapper .download-contents').first().waitFor({ timeout: 10_000 });
      // SC 1.4.3: the controls' text against the colour behind it.
      // (No named functions inside evaluate: tsx wraps them in a helper the page does not have.)
      const colours = await page.evaluate(() =>
        [...document.querySelectorAll('.opblock-body .btn.cancel, .opblock-body .btn.execute, .opblock-body .download-contents')].map((b) => {
          let bg = 'rgb(255, 255, 255)';
          for (let e: Element | null = b; e; e = e.parentElement) {
            const own = getComputedStyle(e).backgroundColor;
            if (own !== 'rgba(0, 0, 0, 0)' && own !== 'transparent') {
              bg = own;
              break;
            }
          }
          return [b.textContent?.trim() ?? '', getComputedStyle(b).color, bg] as const;
        }),
      );
      assert.ok(colours.length >= 3, colours.join('; '));
      for (const [name, fg, bg] of colours) assert.ok(contrastRatio(hex(fg), hex(bg)) >= 4.5, `${width}: ${name}: ${fg} on ${bg} is ${contrastRatio(hex(fg), hex(bg)).toFixed(2)}:1`);
      // SC 2.4.7 / 2.4.11: nothing focusable is drawn 0 px wide or high while it has focus.
      const unseen = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
          .filter((e) => e.checkVisibility())
          .filter((e) => {
            e.focus();
            const box = e.getBoundingClientRect();
            return document.activeElement === e && (box.width === 0 || box.height === 0);
          })
          .map((e) => e.outerHTML.slice(0, 100)),
      );
      assert.deepEqual(unseen, [], `${width}: focusable yet unseen`);
      // SC 1.4.10: at 320 px nothing scrolls sideways, an operation's responses included.
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)) <= 0, `${width}: no horizontal scrolling`);
      // The operation tried needs a bearer: its 401 is the answer Swagger UI shows, not a fault.
      assert.deepEqual(problems.filter((p) => !/status of 401/.test(p)), []);
      await context.close();
    }
  });
});

/** `rgb(r, g, b)` as `#rrggbb` (contrast.ts takes hex). */
function hex(rgb: string): string {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return `#${[r, g, b].map((n) => Math.round(n ?? 0).toString(16).padStart(2, '0')).join('')}`;
}
