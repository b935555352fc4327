import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { DEMO_CATALOG_PATH } from '../../src/catalog/data-files.js';
import { cliAgainst } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Every file under `root` by relative path, with its bytes. */
function tree(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(relative(root, path), readFileSync(path));
    }
  };
  walk(root);
  return out;
}

function write(root: string, path: string, content: string | Buffer): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

const project = (title: string, extra = '') => `---\ntitle: ${title}\nsummary: A project.\nindustry: transport\nyear: 2024\npublished_at: 2026-01-01T00:00:00Z\n${extra}---\n\nWhat we did for **them**.\n`;

describe('vitrine import DIR / export --folder', () => {
  let first: TestServer;
  let second: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-folder-'));
  before(async () => {
    first = await startTestServer({ demo: false });
    second = await startTestServer({ demo: false });
  });
  after(async () => {
    await first?.close();
    await second?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips the demo catalog byte-identical: import → export --folder → import (a fresh database) → export --folder', async () => {
    assert.equal((await cliAgainst(first, ['import', DEMO_CATALOG_PATH])).code, 0);
    const a = join(dir, 'demo-a');
    const exported = await cliAgainst(first, ['export', '--folder', a]);
    assert.equal(exported.code, 0, exported.stderr);
    const files = tree(a);
    assert.ok(files.has('studio.md') && files.has('logo.svg') && files.has('projects/atlas-regional-trip-planner/index.md'), [...files.keys()].slice(0, 5).join());
    assert.equal([...files.keys()].filter((f) => f.endsWith('/index.md')).length, 31);

    const imported = await cliAgainst(second, ['import', a]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /studio profile created, 31 created, 0 updated, 0 unchanged/);
    const b = join(dir, 'demo-b');
    assert.equal((await cliAgainst(second, ['export', '--folder', b])).code, 0);
    const again = tree(b);
    assert.deepEqual([...again.keys()], [...files.keys()]);
    for (const [path, bytes] of files) assert.ok(again.get(path)!.equals(bytes), `${path} differs`);

    // Importing the export where it came from changes nothing and writes nothing.
    const before = (await cliAgainst(first, ['export'])).stdout;
    const same = await cliAgainst(first, ['import', a]);
    assert.match(same.stdout, /studio profile unchanged, 0 created, 0 updated, 31 unchanged/);
    assert.equal((await cliAgainst(first, ['export'])).stdout, before);
  });

  it('imports images beside index.md, exports the originals as files, and --dry-run reports per slug and writes nothing', async () => {
    const root = join(dir, 'own');
    const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c60' } }).jpeg().toBuffer();
    write(root, 'projects/harbour/cover.jpg', jpeg);
    write(root, 'projects/harbour/index.md', project('Harbour', 'images:\n  - file: cover.jpg\n    alt: An orange harbour\n    caption: The cover\n'));
    write(root, 'projects/ferry/index.md', project('Ferry'));
    const imported = await cliAgainst(first, ['import', root]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /created +ferry/);
    const api = (await (await fetch(`${first.baseUrl}/api/v1/projects/harbour`)).json()) as { description: string; images: { alt: string; caption: string; width: number }[] };
    assert.equal(api.description, 'What we did for **them**.');
    assert.deepEqual(api.images.map((i) => [i.alt, i.caption, i.width]), [['An orange harbour', 'The cover', 120]]);

    const out = join(dir, 'own-out');
    assert.equal((await cliAgainst(first, ['export', '--folder', out])).code, 0);
    assert.ok(readFileSync(join(out, 'projects/harbour/cover.jpg')).equals(jpeg), 'the original JPEG, byte for byte');
    assert.match(readFileSync(join(out, 'projects/harbour/index.md'), 'utf8'), /images:\n {2}- file: cover\.jpg\n {4}alt: An orange harbour\n {4}caption: The cover\n/);

    write(root, 'projects/ferry/index.md', project('Ferry, renamed'));
    write(root, 'projects/tram/index.md', project('Tram'));
    const dry = await cliAgainst(first, ['import', '--dry-run', root]);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /updated +ferry\n/);
    assert.match(dry.stdout, /unchanged +harbour\n/);
    assert.match(dry.stdout, /created +tram\n/);
    assert.match(dry.stdout, /1 created, 1 updated, 1 unchanged; nothing was written/);
    assert.equal(((await (await fetch(`${first.baseUrl}/api/v1/projects/ferry`)).json()) as { title: string }).title, 'Ferry');
    assert.equal((await fetch(`${first.baseUrl}/api/v1/projects/tram`)).status, 404);
  });

  it("stores a logo without its camera's EXIF, and a second import of the same folder finds the studio unchanged", async () => {
    const root = join(dir, 'branded');
    const logo = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#135' } })
      .withExif({ IFD0: { Model: 'GPS Leaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1' } })
      .jpeg()
      .toBuffer();
    write(root, 'logo.jpg', logo);
    write(root, 'studio.md', '---\nname: Branded Studio\nlogo: logo.jpg\n---\n\nWe make things.\n');
    const imported = await cliAgainst(second, ['import', root]);
    assert.equal(imported.code, 0, imported.stderr);
    const stored = Buffer.from((await second.store.studio.get())!.logo!.data, 'base64');
    assert.ok(logo.includes(Buffer.from('GPS Leaker')) && !stored.includes(Buffer.from('GPS Leaker')), 'the EXIF is gone from the stored logo');

    const again = await cliAgainst(second, ['import', root]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /studio profile unchanged/);
  });

  it('names the file, line and field of every error, and writes nothing when any record is invalid', async () => {
    const root = join(dir, 'broken');
    write(root, 'projects/good/index.md', project('Good'));
    write(root, 'projects/bad-yaml/index.md', '---\ntitle: Bad\nsummary: [unclosed\nyear: 2024\n---\nBody\n');
    write(root, 'projects/no-alt/pic.png', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer());
    write(root, 'projects/no-alt/index.md', project('No alt', 'images:\n  - file: pic.png\n  - file: missing.png\n    alt: Gone\n'));
    write(root, 'projects/wrong-year/index.md', project('Year').replace('year: 2024', 'year: soon'));
    const count = await first.store.projects.count();
    const res = await cliAgainst(first, ['import', root]);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /projects\/bad-yaml\/index\.md:\d+: invalid YAML/);
    assert.match(res.stderr, /projects\/no-alt\/index\.md:7: images\.0\.alt: /);
    assert.match(res.stderr, /projects\/no-alt\/index\.md:7: images\.1\.file: no file "missing\.png" beside index\.md/);
    assert.match(res.stderr, /projects\/wrong-year\/index\.md:5: year: /);
    assert.match(res.stderr, /nothing was imported/);
    assert.equal(await first.store.projects.count(), count);
    assert.equal((await fetch(`${first.baseUrl}/api/v1/projects/good`)).status, 404);
  });
});
