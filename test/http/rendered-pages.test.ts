import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { codedEtag, strongEtag } from '../../src/lib/etag.js';
import type { Coding } from '../../src/lib/content-coding.js';
import { RenderedPages } from '../../src/pages/rendered-pages.js';
import { projectFields } from '../helpers/project-fields.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('RenderedPages', () => {
  it('renders again only when an input is another object', () => {
    const pages = new RenderedPages();
    const site = { name: 'A' };
    const entry = { value: 1 };
    let renders = 0;
    const render = () => `<p>${++renders}</p>`;
    const text = (page: { bytes: Uint8Array }) => Buffer.from(page.bytes).toString('utf8');
    const first = pages.get('project:a', [site, entry], render);
    assert.equal(text(first), '<p>1</p>');
    assert.equal(first.etag, strongEtag('<p>1</p>'), 'the ETag of the text\'s UTF-8 bytes');
    assert.equal(pages.get('project:a', [site, entry], render), first);
    assert.equal(renders, 1);
    assert.equal(text(pages.get('project:a', [site, { value: 1 }], render)), '<p>2</p>', 'an equal but newer entry is another version');
    assert.equal(text(pages.get('project:a', [{ name: 'A' }, entry], render)), '<p>3</p>');
    assert.equal(text(pages.get('project:b', [site, entry], render)), '<p>4</p>', 'each key its own page');
  });

  it('does not keep the objects it was rendered from alive (the catalog bounds those)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const pages = new RenderedPages();
    let collected = false;
    const registry = new FinalizationRegistry(() => (collected = true));
    (() => {
      const entry = { value: 'an answer of an old catalog version' };
      registry.register(entry, 'entry');
      pages.get('project:old', [entry], () => '<p>old</p>');
    })();
    for (let i = 0; i < 20 && !collected; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(collected);
  });
});

describe('kept pages over HTTP', () => {
  let server: TestServer;
  const project = (title: string) => projectFields({ slug: 'kept-page', title, summary: 'A project page kept between requests.' });
  const save = async (title: string) => {
    await server.store.projects.upsert([project(title)], server.clock.now(), () => newId(cryptoRandom, 'prj'));
    server.vitrine.catalog.invalidate();
  };
  const get = (path: string) => fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' } });

  before(async () => {
    server = await startTestServer();
    await save('First title');
  });
  after(() => server.close());

  it('a project page and the catalog page (their Markdown twins, the placeholder image) show an edit at once, with a new ETag', async () => {
    for (const path of ['/projects/kept-page', '/', '/projects/kept-page.md', '/index.md', '/images/kept-page/1.svg']) {
      const before = await get(path);
      const etag = before.headers.get('etag');
      assert.match(await before.text(), /First title/);
      const again = await get(path);
      assert.equal(again.headers.get('etag'), etag, 'the same page while nothing changed');
      assert.equal((await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html', 'if-none-match': etag! } })).status, 304);
      await again.text();
    }
    await save('Second title');
    for (const path of ['/projects/kept-page', '/', '/projects/kept-page.md', '/index.md', '/images/kept-page/1.svg']) {
      const after = await get(path);
      const html = await after.text();
      assert.match(html, /Second title/, path);
      assert.doesNotMatch(html, /First title/, path);
      // fetch asks for gzip; a text of 1 KiB or more arrives encoded, with its form's tag (RFC 9110 §8.8.3).
      const encoded = after.headers.get('content-encoding');
      assert.equal(after.headers.get('etag'), encoded === null ? strongEtag(html) : codedEtag(strongEtag(html), encoded as Coding), path);
    }
  });
});
