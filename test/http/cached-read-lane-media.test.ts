import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { processImage } from '../../src/media/images.js';
import { comparable } from '../helpers/comparable-answer.js';
import { countedListener, get, type Counted } from '../helpers/counted-lane.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Image variants are named by the hash of their bytes: once one is kept in memory (VariantCache),
// the cached-read lane answers it before Hono, as the route would.
describe('the cached-read lane and image variants', () => {
  let app: TestServer;
  let counted: Counted;
  let files: string[];

  before(async () => {
    app = await startTestServer({ demo: false });
    counted = await countedListener(app);
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#36a' } }).jpeg().toBuffer();
    const info = await app.store.media.put(await processImage(new Uint8Array(jpeg)), app.clock.now());
    files = info.variants.map((v) => v.file);
    assert.ok(files.length >= 6, `${files.length} variants`);
  });
  after(async () => {
    await new Promise<void>((resolve) => counted.server.close(() => resolve()));
    await app.close();
  });

  it('leaves a variant not yet kept to the route, then answers its repeats with the route\'s status, headers and bytes', async () => {
    // Each case on a variant of its own: the first request reads the store through the route,
    // the same request again is the lane's.
    const etagOf = async (file: string) => (await get(app.baseUrl, `/media/${file}`)).headers.etag!;
    const cases: ((etag: string) => Record<string, string>)[] = [() => ({}), (etag) => ({ 'if-none-match': etag }), (etag) => ({ 'if-none-match': `"other", W/${etag}` }), () => ({ 'if-none-match': '"other"' }), () => ({ origin: 'https://elsewhere.example' }), () => ({ 'x-forwarded-for': '203.0.113.7' })];
    for (const [i, headersFor] of cases.entries()) {
      const file = files[i]!;
      const path = `/media/${file}`;
      // The etag is the name's hash: known without reading the variant (which would keep it).
      const headers = headersFor(`"${/^img-([\w-]{22})\./.exec(file)![1]}"`);
      const label = `${file} ${JSON.stringify(headers)}`;
      const before = counted.taken();
      const route = comparable(await get(counted.url, path, { headers }));
      assert.equal(counted.taken(), before, `${label}: the first request went to the route`);
      const lane = comparable(await get(counted.url, path, { headers }));
      assert.equal(counted.taken(), before + 1, `${label}: the lane answered the repeat`);
      assert.equal(lane.status, route.status, label);
      assert.deepEqual(lane.headers, route.headers, label);
      assert.ok(lane.body.equals(route.body), `${label}: the same bytes`);
      if (i === 0) assert.equal(await etagOf(file), route.headers.etag);
    }
  });

  it('leaves a name that is no variant, or a query string, to the route', async () => {
    const kept = files.find((f) => f.endsWith('.avif'))!;
    await get(counted.url, `/media/${kept}`);
    for (const [path, status] of [[`/media/img-${'a'.repeat(22)}.avif`, 404], [`/media/${kept}?v=2`, 200], [`/media/${kept.replace('.avif', '.gif')}`, 404]] as const) {
      const before = counted.taken();
      assert.equal((await get(counted.url, path)).status, status, path);
      assert.equal(counted.taken(), before, `${path} went to the app`);
    }
  });

  it('answers no variant with the response cache off', async () => {
    const off = await startTestServer({ demo: false, env: { RESPONSE_CACHE: 'false' } });
    const listener = await countedListener(off);
    try {
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a63' } }).jpeg().toBuffer();
      const file = (await off.store.media.put(await processImage(new Uint8Array(jpeg)), off.clock.now())).variants[0]!.file;
      for (let i = 0; i < 3; i++) assert.equal((await get(listener.url, `/media/${file}`)).status, 200);
      assert.equal(listener.taken(), 0);
    } finally {
      await new Promise<void>((resolve) => listener.server.close(() => resolve()));
      await off.close();
    }
  });
});
