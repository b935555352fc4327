import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { openPage, useBrowserSuite } from '../helpers/browser.js';
import { projectFields } from '../helpers/project-fields.js';

/** A project image "elsewhere" (README, catalog folder): served by another origin on this machine. */
describe('project images at an outside URL in Chromium', () => {
  const suite = useBrowserSuite();
  let images: Server;
  let origin: string;

  before(async () => {
    const png = await sharp({ create: { width: 160, height: 100, channels: 3, background: '#1f5f4a' } }).png().toBuffer();
    images = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    await suite.server.store.projects.upsert(
      [projectFields({ slug: 'harbour-signage', title: 'Harbour signage', featured: true, images: [{ url: `${origin}/cover.png`, alt: 'The harbour signs at dusk', width: 160, height: 100 }] })],
      suite.server.clock.now(),
      () => newId(cryptoRandom, 'prj'),
    );
    suite.server.clock.advance(suite.server.config.catalogVersionCheckMs);
  });
  after(() => images?.close());

  it('shows the image on the project page and its card, its origin allowed by the page policy and no other', async () => {
    const { page, problems } = await openPage(suite.context);
    for (const path of ['/projects/harbour-signage', '/']) {
      const response = await page.goto(`${suite.server.baseUrl}${path}`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      assert.match(csp, new RegExp(`img-src 'self' data: ${origin};`), path);
      const cover = page.locator(`img[src="${origin}/cover.png"]`).first();
      await cover.scrollIntoViewIfNeeded();
      await page.waitForFunction((src) => [...document.images].some((img) => img.src === src && img.complete), `${origin}/cover.png`);
      assert.equal(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth), 160, `${path}: the image loaded`);
    }
    const other = await page.goto(`${suite.server.baseUrl}/projects/kestrel-museum-audio-guide`);
    assert.match(other?.headers()['content-security-policy'] ?? '', /img-src 'self' data:;/, 'a page without outside images keeps the strict policy');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
