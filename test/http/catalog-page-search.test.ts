import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** What helps a visitor find work from the catalog page (docs/design.md §9.1): chips that count, corrections, filter hints. */
describe('The catalog page guides a search over HTTP', () => {
  let server: TestServer;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers: { accept: BROWSER, ...headers } });

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("a chosen filter's chips offer the values the view has without it, each counting what switching to it lists", async () => {
    const chips = (html: string, group: string) =>
      [...(new RegExp(`<ul class="chips" aria-label="${group} filters">(.*?)</ul>`).exec(html)?.[1] ?? '').matchAll(/<a class="chip" href="([^"]+)"(?: aria-current="true")?>([^<]+)<span class="count">(\d+)</g)].map(([, href, name, count]) => ({ href: href!.replaceAll('&amp;', '&'), name: name!, count: Number(count) }));
    const listed = async (href: string) => Number(/<h2 id="list-title">(\d+) matching/.exec(await (await get(href)).text())?.[1] ?? 0);
    for (const [path, group, param] of [['/?q=app&industry=healthcare', 'Industry', 'industry'], ['/?industry=healthcare&year=2025', 'Year', 'year']] as const) {
      const offered = chips(await (await get(path)).text(), group);
      assert.ok(offered.length >= 3, `${group}: ${JSON.stringify(offered)}`);
      for (const chip of offered) {
        if (chip.href.includes(`${param}=`)) assert.equal(await listed(chip.href), chip.count, `${group} ${chip.name}: ${chip.href}`);
        else assert.equal(chip.count, await listed(path), 'the chosen chip removes the filter and counts this view');
      }
    }
    // Only values that keep something: the search alone has no project in every industry.
    const everyIndustry = chips(await (await get('/')).text(), 'Industry');
    assert.ok(chips(await (await get('/?q=app&industry=healthcare')).text(), 'Industry').length < everyIndustry.length);
    // A view with nothing still offers its chosen chip, to take it away.
    assert.deepEqual(chips(await (await get('/?q=zzqxv&industry=healthcare')).text(), 'Industry'), [{ href: '/?q=zzqxv', name: 'Healthcare', count: 0 }]);
  });

  it('a search that finds nothing offers its misspelt words corrected against the catalog, when that finds something', async () => {
    const offered = async (path: string) => /<p class="suggestion">Did you mean <a href="([^"]+)">([^<]+)<\/a>\?<\/p>/.exec(await (await get(path)).text())?.slice(1);
    assert.deepEqual(await offered('/?q=acessibility%20mobiel'), ['/?q=accessibility+mobile', '“accessibility mobile”']);
    assert.deepEqual(await offered('/?q=ecommerce'), ['/?q=e-commerce', '“e-commerce”']);
    // The filters stay; an industry is a filter, not a word the search covers.
    assert.deepEqual(await offered('/?q=acessibility&industry=education'), ['/?q=accessibility&amp;industry=education', '“accessibility”']);
    assert.deepEqual(await offered('/?q=helthcare'), ['/?industry=healthcare', 'Healthcare projects']);
    // Each suggested view lists projects.
    for (const path of ['/?q=accessibility+mobile', '/?q=e-commerce', '/?q=accessibility&industry=education', '/?industry=healthcare']) {
      assert.match(await (await get(path)).text(), /<h2 id="list-title">\d+ matching projects?<\/h2>/, path);
    }
    // Nothing near, a correction that still finds nothing, or a search that found something: no suggestion.
    assert.equal(await offered('/?q=zzqxv'), undefined);
    assert.equal(await offered('/?q=acessibility&industry=energy'), undefined);
    assert.equal(await offered('/?q=accessibility'), undefined);
    const markdown = await (await get('/index.md?q=helthcare')).text();
    assert.match(markdown, new RegExp(`^Did you mean Healthcare projects\\? <${server.baseUrl}/index\\.md\\?industry=healthcare>$`, 'm'));
  });

  it('offers the filter a search names: the text search does not cover the industry or the year', async () => {
    const suggestion = async (path: string) => /<p class="suggestion">([\s\S]*?)<\/p>/.exec(await (await get(path)).text())?.[1];
    assert.equal(await suggestion('/?q=healthcare'), '“healthcare” is an industry here: <a href="/?industry=healthcare">show all Healthcare projects</a>');
    assert.match((await suggestion('/?q=Public%20Sector')) ?? '', /href="\/\?industry=public-sector">show all Public sector projects/);
    assert.match((await suggestion('/?q=2024')) ?? '', /is a year here: <a href="\/\?year=2024">/);
    assert.match((await suggestion('/?q=healthcare&service=web-development')) ?? '', /href="\/\?industry=healthcare&amp;service=web-development"/, 'the other filters stay');
    assert.equal(await suggestion('/?q=healthcare&industry=healthcare'), undefined, 'not once that filter is set');
    assert.equal(await suggestion('/?q=trip%20planner'), undefined, 'not for words that name no filter');
    assert.match((await suggestion('/?q=maps')) ?? '', /is a topic here: <a href="\/\?tag=maps">/);
    assert.equal(await suggestion('/?industry=healthcare'), undefined);
  });
});
