import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ApiProject } from '../../src/catalog/api-project.js';
import { llmsFullTxt, llmsTxt } from '../../src/pages/llms-txt.js';

const site = { name: 'Studio', baseUrl: 'http://x' };
const project = (slug: string) => ({ slug, title: `Title ${slug}`, summary: 'What it is.', links: { html: `http://x/projects/${slug}`, self: `http://x/api/v1/projects/${slug}` } }) as unknown as ApiProject;

it('llms.txt says when its project list is bounded, and where the rest are', () => {
  const whole = llmsTxt(site, { projects: [project('a'), project('b')], more: false });
  assert.ok(!whole.includes('More projects'));
  assert.match(whole, /\[Full catalog\]\(http:\/\/x\/llms-full\.txt\): every published project's Markdown in one document/);

  const bounded = llmsTxt(site, { projects: [project('a'), project('b')], more: true });
  assert.match(bounded, /^- \[More projects\]\(http:\/\/x\/api\/v1\/projects\?sort=title\): the catalog publishes more than the 2 listed here by title; .*\[sitemap\]\(http:\/\/x\/sitemap\.xml\)/m);
  assert.match(bounded, /\[Full catalog\]\(http:\/\/x\/llms-full\.txt\): the Markdown of the 2 projects listed above in one document/);
  // llms-full.txt opens with the same overview, so it says so too.
  assert.ok(llmsFullTxt(site, { projects: [], more: true }).includes('the Markdown of the 0 projects listed above'));
});
