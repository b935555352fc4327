import assert from 'node:assert/strict';
import { it } from 'node:test';
import { jsx } from 'hono/jsx';
import { ProjectChoices, type ProjectChoice } from '../../src/pages/project-choices.js';

const projects: ProjectChoice[] = [
  { slug: 'atlas', title: 'Atlas & "Friends" <beta>' },
  { slug: 'brook', title: "Brook's app" },
  { slug: 'cedar', title: 'Cedar' },
];

/** The options as JSX rendered them before their HTML was kept (the form's old markup, hono/jsx). */
function jsxOptions(list: readonly ProjectChoice[], chosen: string): string {
  return list.map((p) => String(jsx('option', { value: p.slug, selected: p.slug === chosen }, p.title))).join('');
}

const none = async () => null;

it('renders the options as JSX did, escaped, with the chosen one selected', async () => {
  const choices = new ProjectChoices(projects);
  for (const chosen of ['', 'atlas', 'brook', 'cedar']) {
    const { html, selected } = await choices.choose(chosen, none);
    assert.equal(html, jsxOptions(projects, chosen), chosen);
    assert.deepEqual(selected, chosen ? { slug: chosen, title: projects.find((p) => p.slug === chosen)!.title } : null);
  }
});

it('offers a published project past the bound ahead of the others, and ignores a slug that names none', async () => {
  const choices = new ProjectChoices(projects);
  const outside = { slug: 'zephyr', title: 'Zephyr <2>' };
  const found = await choices.choose('zephyr', async (slug) => (slug === 'zephyr' ? outside : null));
  assert.equal(found.html, jsxOptions([outside], 'zephyr') + jsxOptions(projects, ''));
  assert.deepEqual(found.selected, outside);
  const missing = await choices.choose('nowhere', none);
  assert.equal(missing.html, jsxOptions(projects, ''));
  assert.equal(missing.selected, null);
});
