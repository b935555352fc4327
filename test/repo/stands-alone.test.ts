import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results']);
const TEXT = /\.(ts|tsx|js|mjs|json|md|yaml|yml|css|txt|sh)$|^run$/;

/** Every text file of the repository that people or the build read. */
function repositoryFiles(dir = ROOT): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...repositoryFiles(path));
    else if (TEXT.test(name) && name !== 'package-lock.json') out.push(path);
  }
  return out;
}

const FILES = repositoryFiles().map((path) => ({ path, name: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

/** Files outside the repository that earlier sessions cited; the repository carries their content in docs/. */
const OUTSIDE_CITATIONS = [/\bDESIGN(\.md)?\s*§/, /\bDESIGN\.md\b/, /\bSTYLE\.md\b/, /\.\.\/shared\b/, /\/work\/shared\b/, /\bseed\/000_/];

function headings(file: string): Set<string> {
  const found = new Set<string>();
  for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(/^#{2,3} (\d+[a-z]?(?:\.\d+)?)[. ]/gm)) found.add(match[1]!);
  return found;
}

describe('the repository stands alone', () => {
  it('found the repository\'s files', () => {
    for (const expected of ['README.md', 'src/app.ts', 'docs/design.md', 'docs/interface.md', '.ci/run']) {
      assert.ok(FILES.some((f) => f.name === expected.split('/').join(sep)), expected);
    }
  });

  it('no file names a document outside the repository', () => {
    const offenders: string[] = [];
    for (const { name, text } of FILES) {
      if (name === relative(ROOT, fileURLToPath(import.meta.url))) continue;
      text.split('\n').forEach((line, i) => {
        if (OUTSIDE_CITATIONS.some((pattern) => pattern.test(line))) offenders.push(`${name}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(offenders, []);
  });

  it('every relative path in code resolves inside the repository', () => {
    const escaping: string[] = [];
    for (const { path, name, text } of FILES.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f.name))) {
      for (const match of text.matchAll(/['"`]((?:\.\.\/)+[^'"`\s]*)['"`]/g)) {
        const target = resolve(dirname(path), match[1]!);
        if (target !== ROOT && !target.startsWith(ROOT + sep)) escaping.push(`${name}: ${match[1]}`);
      }
    }
    assert.deepEqual(escaping, []);
  });

  it('every "docs/design.md §N" and "seed §N" citation names a section that exists', () => {
    const sections = { 'docs/design.md': headings('docs/design.md'), seed: headings('docs/interface.md') };
    assert.ok(sections['docs/design.md'].has('9.1') && sections.seed.has('4'), 'headings are read');
    const missing: string[] = [];
    for (const { name, text } of FILES) {
      for (const match of text.matchAll(/(docs\/design\.md|seed) §(\d+[a-z]?(?:\.\d+)?)/g)) {
        const section = match[2]!;
        // "seed §4.7" is item 7 of section 4: the section is what must exist.
        const wanted = match[1] === 'seed' ? section.split('.')[0]! : section;
        if (!sections[match[1] as keyof typeof sections].has(wanted)) missing.push(`${name}: ${match[0]}`);
      }
    }
    assert.deepEqual(missing, []);
  });
});
