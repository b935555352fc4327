import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { axeViolations, openPage, useBrowserSuite } from '../helpers/browser.js';
import { signedInOwner } from '../helpers/owner.js';

const OWNER = 'owner@studio.example';
const folder = mkdtempSync(join(tmpdir(), 'vitrine-images-'));

describe('project images in Chromium', () => {
  const suite = useBrowserSuite(() => ({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false', UPLOAD_LIMIT_BYTES: String(4 * 1024 * 1024) } }));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('an owner uploads an image with alt text in /admin and publishes a new project; its page shows the AVIF cover with no layout shift', async () => {
    const file = join(folder, 'quay.jpg');
    writeFileSync(file, await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#1f5f4a' } }).jpeg().toBuffer());
    const owner = await signedInOwner(suite.server, OWNER);
    await suite.context.addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: suite.server.baseUrl })));
    const { page, problems } = await openPage(suite.context);
    await page.goto(`${suite.server.baseUrl}/admin/projects/new`);
    await page.getByLabel('Slug').fill('quayside-wayfinding');
    await page.getByLabel('Title').fill('Quayside wayfinding');
    await page.getByLabel('Summary').fill('Signs and a map app for a busy quay.');
    await page.getByLabel('Industry').fill('transport');
    await page.getByLabel('Year').fill('2025');
    await page.getByLabel('New image 1', { exact: true }).setInputFiles(file);
    await page.getByLabel('New image 1: alternative text').fill('The quay at dusk, with the new signs lit');
    await page.getByLabel('Published (visible to everyone)').check();
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/admin\/projects\?done=saved/);
    await page.goto(`${suite.server.baseUrl}/admin/projects/quayside-wayfinding`);
    assert.equal(await page.getByLabel('Image 1: alternative text', { exact: true }).inputValue(), 'The quay at dusk, with the new signs lit');
    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));

    // A fresh page, observed from its first byte: every layout shift is counted.
    const visitor = await suite.context.newPage();
    await visitor.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visitor.setViewportSize({ width: 1280, height: 900 });
    // The image arrives well after the first paint, as on a slow network: space not reserved would shift the page then.
    await visitor.route(/\/media\/img-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await visitor.goto(`${suite.server.baseUrl}/projects/quayside-wayfinding`);
    const cover = visitor.getByRole('img', { name: 'The quay at dusk, with the new signs lit' });
    await cover.evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))));
    const shown = await cover.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth, loaded: img.complete }));
    assert.match(shown.src, /\/media\/img-[A-Za-z0-9_-]{22}\.avif$/, 'Chromium picked the AVIF source');
    assert.ok(shown.loaded && shown.width > 0);
    await visitor.waitForTimeout(300);
    assert.equal(await visitor.evaluate(() => (window as unknown as { cls: number }).cls), 0, 'Cumulative Layout Shift');
    const pageViolations = await axeViolations(visitor);
    assert.deepEqual(pageViolations, [], JSON.stringify(pageViolations, null, 1));
    await visitor.close();
    assert.deepEqual(problems, []);
  });
});
