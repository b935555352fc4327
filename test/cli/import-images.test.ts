import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { cliAgainst } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const record = (slug: string, images: unknown[]) => ({ slug, title: `Project ${slug}`, summary: 'A project.', industry: 'transport', year: 2024, published_at: '2026-01-01T00:00:00Z', images });

describe('vitrine import/export (JSON) with images: data: URLs and files beside the catalog', () => {
  let server: TestServer;
  const folder = mkdtempSync(join(tmpdir(), 'vitrine-import-images-'));
  before(async () => {
    server = await startTestServer({ demo: false });
  });
  after(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses the whole file, naming record and field, when one image is bad; stores nothing', async () => {
    writeFileSync(join(folder, 'page.png'), '<html>not an image</html>');
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#246' } }).png().toBuffer();
    writeFileSync(join(folder, 'bad.json'), JSON.stringify({ projects: [record('good', [{ url: `data:image/png;base64,${png.toString('base64')}`, alt: 'Blue' }]), record('bad', [{ url: 'page.png', alt: 'Page' }, { url: 'missing.jpg', alt: 'Gone' }])] }));
    const res = await cliAgainst(server, ['import', join(folder, 'bad.json')]);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /projects\[1\] \(slug "bad"\)\.images\.0\.url: it is not a JPEG, PNG, WebP, AVIF or GIF image/);
    assert.match(res.stderr, /projects\[1\] \(slug "bad"\)\.images\.1\.url: no file "missing\.jpg" beside the project/);
    assert.equal(await server.store.projects.count(), 0);
  });

  it('imports a data: URL and a file, exports them as data: URLs of the originals, and re-importing the export changes nothing', async () => {
    const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c60' } }).jpeg().toBuffer();
    writeFileSync(join(folder, 'cover.jpg'), jpeg);
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#246' } }).png().toBuffer();
    writeFileSync(join(folder, 'ok.json'), JSON.stringify({ projects: [record('with-images', [{ url: 'cover.jpg', alt: 'Orange', caption: 'The cover' }, { url: `data:image/png;base64,${png.toString('base64')}`, alt: 'Blue' }])] }));
    const imported = await cliAgainst(server, ['import', join(folder, 'ok.json')]);
    assert.equal(imported.code, 0, imported.stderr);
    const api = (await (await fetch(`${server.baseUrl}/api/v1/projects/with-images`)).json()) as { images: { alt: string; caption: string | null; width: number; media: string }[] };
    assert.deepEqual(api.images.map((i) => [i.alt, i.caption, i.width]), [['Orange', 'The cover', 120], ['Blue', null, 64]]);

    const exported = await cliAgainst(server, ['export', join(folder, 'out.json')]);
    assert.equal(exported.code, 0, exported.stderr);
    const file = JSON.parse(readFileSync(join(folder, 'out.json'), 'utf8')) as { projects: { images: { url: string; alt: string }[] }[] };
    const images = file.projects[0]!.images;
    assert.equal(Buffer.from(images[0]!.url.split(',')[1]!, 'base64').equals(jpeg), true, 'the original JPEG, byte for byte');
    assert.equal(Buffer.from(images[1]!.url.split(',')[1]!, 'base64').equals(png), true, 'the original PNG');

    const before = readFileSync(join(folder, 'out.json'), 'utf8');
    assert.equal((await cliAgainst(server, ['import', join(folder, 'out.json')])).code, 0);
    assert.equal((await cliAgainst(server, ['export', join(folder, 'again.json')])).code, 0);
    assert.equal(readFileSync(join(folder, 'again.json'), 'utf8'), before);
    const again = (await (await fetch(`${server.baseUrl}/api/v1/projects/with-images`)).json()) as { images: { media: string }[] };
    assert.deepEqual(again.images.map((i) => i.media), api.images.map((i) => i.media));
  });
});
