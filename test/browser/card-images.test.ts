import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import sharp from 'sharp';
import { useBrowserSuite } from '../helpers/browser.js';
import { ownerApiToken } from '../helpers/owner.js';

const OWNER = 'owner@studio.example';

/**
 * A card's `sizes` tells the browser how wide its image is shown before layout; one that says
 * less than the card's width makes it pick a variant too small, and the image looks soft.
 */
describe('card images in Chromium: the variant chosen is as wide as the card', () => {
  const suite = useBrowserSuite(() => ({ demo: false, env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } }));

  before(async () => {
    const token = await ownerApiToken(suite.server, OWNER);
    const admin = (path: string, init: RequestInit) => fetch(`${suite.server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
    const photo = await sharp({ create: { width: 1800, height: 1125, channels: 3, background: '#2a6' } }).jpeg().toBuffer();
    const upload = await admin('/api/v1/admin/media', { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(photo) });
    assert.equal(upload.status, 201);
    const { media } = (await upload.json()) as { media: string };
    for (const [i, featured] of [true, false, false, false].entries()) {
      const project = { title: `Harbour work ${i}`, summary: 'Signs and a map app for a busy quay.', description: 'We built it.', client: null, industry: 'transport', services: ['web-development'], technologies: ['typescript'], tags: ['maps'], year: 2025, featured, url: null, published_at: '2026-05-01T09:00:00Z', images: [{ media, alt: `The quay, view ${i}` }] };
      const put = await admin(`/api/v1/admin/projects/harbour-work-${i}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(project) });
      assert.ok(put.status === 200 || put.status === 201, `PUT answered ${put.status}`);
    }
  });

  for (const width of [400, 600, 640, 800, 970, 1000, 1100, 1240, 1300]) {
    it(`at ${width} px, every card's image is at least as wide as the card shows it`, async () => {
      // A fresh context each time: nothing cached from a wider window stands in for the choice.
      const context = await suite.browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      try {
        const page = await context.newPage();
        // The catalog's cards, then a project page's related work across the whole page.
        for (const [path, selector, count] of [['/', '.card picture img', 4], ['/projects/harbour-work-0', '.related .card picture img', 3]] as const) {
          await page.goto(`${suite.server.baseUrl}${path}`);
          const cards = page.locator(selector);
          assert.equal(await cards.count(), count, path);
          for (const img of await cards.all()) {
            await img.scrollIntoViewIfNeeded();
            const shown = await img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? Promise.resolve() : new Promise((resolve) => el.addEventListener('load', resolve, { once: true }))).then(() => ({ natural: el.naturalWidth, shown: el.clientWidth, featured: el.closest('.featured') !== null })));
            assert.ok(shown.natural >= shown.shown, `${path}: ${shown.featured ? 'a featured' : 'a'} card ${shown.shown} px wide got a ${shown.natural} px variant`);
          }
        }
      } finally {
        await context.close();
      }
    });
  }
});
