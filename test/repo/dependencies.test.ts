import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('installing the dependencies', () => {
  const pkg = read('package.json') as { allowScripts: Record<string, boolean> };
  const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean; resolved?: string; link?: boolean }> };

  it('runs no install script beyond the ones package.json allows, so npm install has nothing to warn about', () => {
    const unexpected = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => !pkg.allowScripts[name]);
    assert.deepEqual(unexpected, []);
  });

  it('replaces swagger-ui-dist\'s install analytics (@scarf/scarf) with the empty local stand-in', () => {
    const scarf = Object.entries(lock.packages).filter(([path]) => path.endsWith('node_modules/@scarf/scarf'));
    assert.ok(scarf.length > 0, 'swagger-ui-dist still asks for @scarf/scarf');
    for (const [path, entry] of scarf) assert.deepEqual({ path, resolved: entry.resolved, link: entry.link }, { path, resolved: 'vendor/no-scarf', link: true });
  });
});
