import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { ownerApiToken, signedInOwner } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OWNER = 'owner@studio.example';
const PROJECT = {
  title: 'Tidewater ferry booking',
  summary: 'Tickets and timetables for a ferry company.',
  description: 'We built **booking**.',
  client: 'Tidewater Ferries',
  industry: 'transport',
  services: ['web-development'],
  technologies: ['typescript'],
  tags: ['booking'],
  year: 2025,
  featured: false,
  url: null,
  published_at: '2026-05-01T09:00:00Z',
};

const jpeg = async (width: number, height: number, background = '#2a6'): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background } })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1' } })
      .jpeg()
      .toBuffer(),
  );

describe('project images over HTTP: upload, project, pages, immutable variants', () => {
  let server: TestServer;
  let token: string;
  const admin = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false', UPLOAD_LIMIT_BYTES: String(4 * 1024 * 1024) } });
    token = await ownerApiToken(server, OWNER);
  });
  after(async () => server?.close());

  let media = '';

  it('POST /api/v1/admin/media stores an image and answers its id, size and variants; an HTML file named .png is a 422', async () => {
    const res = await admin('/api/v1/admin/media', { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: await jpeg(1000, 500) });
    assert.equal(res.status, 201, await res.clone().text());
    const body = (await res.json()) as { media: string; url: string; width: number; height: number; variants: { url: string; type: string; width: number }[] };
    media = body.media;
    assert.match(media, /^img_/);
    assert.deepEqual([body.width, body.height], [1000, 500]);
    assert.deepEqual(new Set(body.variants.map((v) => v.type)), new Set(['image/avif', 'image/webp', 'image/jpeg']));
    assert.equal(res.headers.get('location'), body.url);

    const html = await admin('/api/v1/admin/media', { method: 'POST', headers: { 'content-type': 'image/png' }, body: '<!doctype html><title>not a picture</title>' });
    assert.equal(html.status, 422);
    assert.match(((await html.json()) as { errors: { message: string }[] }).errors[0]!.message, /not a JPEG, PNG, WebP, AVIF or GIF/);
    const text = await admin('/api/v1/admin/media', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    assert.equal(text.status, 415);
    const anonymous = await fetch(`${server.baseUrl}/api/v1/admin/media`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: await jpeg(10, 10) });
    assert.equal(anonymous.status, 401);
  });

  it('a project names the image with its alt text; REST shows URL, size, alt, caption and variants; alt is required', async () => {
    const missingAlt = await admin('/api/v1/admin/projects/tidewater', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...PROJECT, images: [{ media, alt: ' ' }] }) });
    assert.equal(missingAlt.status, 400);
    assert.deepEqual(((await missingAlt.json()) as { errors: { path: string }[] }).errors.map((e) => e.path), ['images.0.alt']);
    const unknown = await admin('/api/v1/admin/projects/tidewater', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...PROJECT, images: [{ media: `img_${'a'.repeat(22)}`, alt: 'A ferry' }] }) });
    assert.equal(unknown.status, 400);

    const put = await admin('/api/v1/admin/projects/tidewater', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...PROJECT, images: [{ media, alt: 'The ferry at the quay', caption: 'Launch day' }] }) });
    assert.equal(put.status, 201, await put.clone().text());
    const res = await fetch(`${server.baseUrl}/api/v1/projects/tidewater`);
    const project = (await res.json()) as { images: { url: string; alt: string; caption: string; width: number; height: number; media: string; variants: { url: string; type: string; width: number; height: number }[] }[] };
    const [cover] = project.images;
    assert.equal(cover!.alt, 'The ferry at the quay');
    assert.equal(cover!.caption, 'Launch day');
    assert.equal(cover!.media, media);
    assert.match(cover!.url, /\/media\/img-[A-Za-z0-9_-]{22}\.jpg$/);
    assert.deepEqual([cover!.width, cover!.height], [1000, 500]);
    assert.equal(cover!.variants.length, 9);

    // The variant itself: immutable, content-hashed, with an ETag and 304, and no GPS left in it.
    for (const variant of cover!.variants) {
      const file = await fetch(variant.url);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-type'), variant.type);
      assert.equal(file.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const bytes = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      assert.deepEqual([meta.width, meta.height, meta.exif], [variant.width, variant.height, undefined]);
      for (const header of [file.headers.get('etag')!, `"other", W/${file.headers.get('etag')!}`, '*']) assert.equal((await fetch(variant.url, { headers: { 'if-none-match': header } })).status, 304, header);
    }
    assert.equal((await fetch(`${server.baseUrl}/media/img-${'b'.repeat(22)}.jpg`)).status, 404);
  });

  it('the images a GET answers PUT back as they are (placeholder, media: null, variants and this site\'s absolute URLs are the API\'s own), changing nothing', async () => {
    for (const slug of ['tidewater', 'atlas-regional-trip-planner']) {
      const got = await admin(`/api/v1/admin/projects/${slug}`);
      const before = (await got.json()) as { images: { placeholder: string | null; media: string | null }[] };
      assert.ok(before.images.length > 0, slug);
      const put = await admin(`/api/v1/admin/projects/${slug}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json', 'if-match': got.headers.get('etag')! }, body: JSON.stringify({ images: before.images }) });
      assert.equal(put.status, 200, await put.clone().text());
      assert.deepEqual(((await put.json()) as typeof before).images, before.images, slug);
    }
    const stored = await server.store.projects.getAny('atlas-regional-trip-planner');
    assert.equal(stored!.images[0]!.url, '/images/atlas-regional-trip-planner/1.svg', 'an image on this site is stored as its path again, not the URL the API wrote');
  });

  it('the project page shows the cover as <picture> (AVIF, WebP, JPEG srcset) with width and height; JSON-LD lists it', async () => {
    const html = await (await fetch(`${server.baseUrl}/projects/tidewater`)).text();
    const picture = /<picture>([\s\S]*?)<\/picture>/.exec(html)?.[1] ?? '';
    assert.match(picture, /<source type="image\/avif" srcset="\/media\/img-[^" ]+\.avif 480w, \/media\/img-[^" ]+\.avif 960w, \/media\/img-[^" ]+\.avif 1000w" sizes="/);
    assert.match(picture, /<source type="image\/webp" srcset="[^"]+\.webp 480w/);
    assert.match(picture, /<img src="\/media\/img-[^"]+\.jpg" srcset="[^"]+\.jpg 480w[^"]*" sizes="[^"]+" alt="The ferry at the quay" width="1000" height="500" fetchpriority="high"/);
    assert.match(html, /<figcaption>Launch day<\/figcaption>/);
    assert.match(html, /"@type":"ImageObject","contentUrl":"http[^"]+\/media\/img-[^"]+\.jpg","description":"The ferry at the quay","caption":"Launch day","width":1000,"height":500/);
    // The demo projects keep their drawn placeholders.
    const demo = await (await fetch(`${server.baseUrl}/projects/atlas-regional-trip-planner`)).text();
    assert.match(demo, /<img src="\/images\/atlas-regional-trip-planner\/1\.svg"/);

    // Link previews (Open Graph): the cover's JPEG variant nearest 1200 px, sized and described; no SVG.
    const og = (page: string, property: string) => new RegExp(`<meta property="og:${property}" content="([^"]*)"`).exec(page)?.[1];
    assert.match(og(html, 'image') ?? '', new RegExp(`^${server.baseUrl}/media/img-[^"]+\\.jpg$`));
    assert.deepEqual([og(html, 'image:width'), og(html, 'image:height'), og(html, 'image:alt')], ['1000', '500', 'The ferry at the quay']);
    assert.equal(og(demo, 'image'), undefined, 'a drawn SVG placeholder (or an SVG logo) is no preview');
  });

  it('in /admin an owner uploads several images at once, each needing alt text; the first becomes the cover unless chosen', async () => {
    const owner = await signedInOwner(server, OWNER);
    await owner.get('/admin/projects/new');
    const form = new FormData();
    for (const [k, v] of Object.entries({ slug: 'harbour-lights', title: 'Harbour lights', summary: 'Lights.', description: '', client: '', industry: 'transport', services: '', technologies: '', tags: '', year: '2024', url: '', published: '1' })) form.set(k, v);
    form.set('upload_1_file', new File([await jpeg(300, 200, '#c33')], 'red.jpg', { type: 'image/jpeg' }));
    form.set('upload_1_alt', 'A red light');
    form.set('upload_2_file', new File([await jpeg(200, 300, '#33c')], 'blue.jpg', { type: 'image/jpeg' }));
    form.set('upload_2_alt', '');
    let res = await owner.postMultipart('/admin/projects/new', form);
    assert.equal(res.status, 422);
    assert.match(owner.html, /id="upload_2_alt-error"[^>]*>[\s\S]*?describe the image/);
    // The accepted upload stays on the form as a row; send the second again with its alt text.
    const key = /name="image_0_key" value="([^"]+)"/.exec(owner.html)![1]!;
    const again = new FormData();
    for (const [k, v] of form.entries()) if (!k.startsWith('upload_') && k !== '_csrf') again.set(k, v);
    again.set('image_0_key', key);
    again.set('image_0_alt', 'A red light');
    again.set('upload_1_file', new File([await jpeg(200, 300, '#33c')], 'blue.jpg', { type: 'image/jpeg' }));
    again.set('upload_1_alt', 'A blue light');
    again.set('upload_2_file', new File(['<html>not an image</html>'], 'sneaky.png', { type: 'image/png' }));
    again.set('upload_2_alt', 'Sneaky');
    res = await owner.postMultipart('/admin/projects/new', again);
    assert.equal(res.status, 422);
    assert.match(owner.html, /sneaky\.png: it is not a JPEG/);
    const keys = [...owner.html.matchAll(/name="image_\d+_key" value="([^"]+)"/g)].map((m) => m[1]!);
    assert.equal(keys.length, 2);
    const last = new FormData();
    for (const [k, v] of again.entries()) if (!k.startsWith('upload_') && !k.startsWith('image_') && k !== '_csrf') last.set(k, v);
    keys.forEach((k, i) => {
      last.set(`image_${i}_key`, k);
      last.set(`image_${i}_alt`, i === 0 ? 'A red light' : 'A blue light');
    });
    last.set('cover', keys[1]!);
    res = await owner.postMultipart('/admin/projects/new', last);
    assert.equal(res.status, 303, owner.html);
    const project = (await (await fetch(`${server.baseUrl}/api/v1/projects/harbour-lights`)).json()) as { images: { alt: string; width: number; height: number }[] };
    assert.deepEqual(project.images.map((i) => [i.alt, i.width, i.height]), [['A blue light', 200, 300], ['A red light', 300, 200]]);
  });

  it('in /admin an owner reorders the gallery by the images\' places; the chosen cover still comes first', async () => {
    const ids: string[] = [];
    for (const colour of ['#a11', '#1a1', '#11a', '#aa1']) ids.push(((await (await admin('/api/v1/admin/media', { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: await jpeg(40, 30, colour) })).json()) as { media: string }).media);
    const images = ids.map((id, n) => ({ media: id, alt: `Picture ${n + 1}` }));
    assert.equal((await admin('/api/v1/admin/projects/gallery-order', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...PROJECT, images }) })).status, 201);
    const owner = await signedInOwner(server, OWNER);
    await owner.get('/admin/projects/gallery-order');
    assert.match(owner.html, /<label for="image_3_place">Image 4: place<\/label><input id="image_3_place" name="image_3_place" type="number"[^>]* value="4"/);
    const form = new FormData();
    for (const [k, v] of Object.entries({ slug: 'gallery-order', title: PROJECT.title, summary: PROJECT.summary, description: '', client: '', industry: 'transport', services: '', technologies: '', tags: '', year: '2025', url: '', published: '1' })) form.set(k, v);
    const keys = [...owner.html.matchAll(/name="image_\d+_key" value="([^"]+)"/g)].map((m) => m[1]!);
    // Pictures 1-4 given the places 1, 4, 2 and "3"; the cover stays picture 1.
    ['1', '4', '2', ' 3 '].forEach((place, i) => {
      form.set(`image_${i}_key`, keys[i]!);
      form.set(`image_${i}_alt`, `Picture ${i + 1}`);
      form.set(`image_${i}_place`, place);
    });
    form.set('cover', keys[0]!);
    const etag = () => /name="etag" value="([^"]+)"/.exec(owner.html)![1]!.replace(/&quot;/g, '"');
    form.set('etag', etag());
    assert.equal((await owner.postMultipart('/admin/projects/gallery-order', form)).status, 303, owner.html);
    const order = async () => ((await (await fetch(`${server.baseUrl}/api/v1/projects/gallery-order`)).json()) as { images: { alt: string }[] }).images.map((i) => i.alt);
    assert.deepEqual(await order(), ['Picture 1', 'Picture 3', 'Picture 4', 'Picture 2']);

    // A picture placed first that is not the cover goes first after the cover.
    form.set('image_3_place', '1');
    form.set('image_0_place', '');
    await owner.get('/admin/projects/gallery-order');
    form.set('etag', etag());
    assert.equal((await owner.postMultipart('/admin/projects/gallery-order', form)).status, 303, owner.html);
    assert.deepEqual(await order(), ['Picture 1', 'Picture 4', 'Picture 3', 'Picture 2'], 'a blank place keeps the row where it was');
  });

  it('an image\'s error and the fields\' come back together, the summary naming each field in the form\'s order (WCAG 2.2 SC 3.3.1)', async () => {
    const owner = await signedInOwner(server, OWNER);
    await owner.get('/admin/projects/new');
    const form = new FormData();
    for (const [k, v] of Object.entries({ slug: 'harbour-fog', title: '', summary: 'Fog.', description: '', client: '', industry: 'transport', services: '', technologies: '', tags: '', year: '1800', url: '' })) form.set(k, v);
    form.set('upload_1_file', new File([await jpeg(300, 200, '#999')], 'fog.jpg', { type: 'image/jpeg' }));
    form.set('upload_1_alt', '');
    const res = await owner.postMultipart('/admin/projects/new', form);
    assert.equal(res.status, 422);
    const summary = /<div class="error-summary"[\s\S]*?<\/div>/.exec(owner.html)?.[0] ?? '';
    const items = [...summary.matchAll(/<li><a href="#([^"]+)">([^<]*)<\/a><\/li>/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(items, [['title', 'Title is required.'], ['year', 'Year must be 1970 or more.'], ['upload_1_alt', 'New image 1: alternative text is required: describe the image for people who cannot see it (and choose the file again).']], summary);
    assert.match(owner.html, /id="title-error"/);
    assert.match(owner.html, /id="upload_1_alt-error"/);
  });
});
