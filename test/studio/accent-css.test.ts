import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AA_NORMAL_TEXT, contrastRatio, PAGE_BACKGROUND } from '../../src/studio/contrast.js';
import { accentCss } from '../../src/studio/view.js';
import { seededRandom } from '../helpers/seeded-random.js';

// The colours derived from a studio's accent (src/studio/view.ts), over every accent the profile
// accepts: at least 4.5:1 on the paper (WCAG 2.2 SC 1.4.3).

function derived(accent: string): { strong: string; soft: string } {
  const css = accentCss(accent);
  return { strong: /--accent-strong: (#[0-9a-f]{6});/.exec(css)![1]!, soft: /--accent-soft: (#[0-9a-f]{6});/.exec(css)![1]! };
}

function acceptedAccents(count: number): string[] {
  const random = seededRandom(17);
  const accents = ['#000000', '#0a0a2a', '#9a3412', '#0f766e', '#b45309', '#767676'];
  while (accents.length < count) {
    const hex = `#${Math.floor(random() * 0x1000000).toString(16).padStart(6, '0')}`;
    if (contrastRatio(hex, PAGE_BACKGROUND) >= AA_NORMAL_TEXT) accents.push(hex);
  }
  return accents;
}

describe('colours derived from the studio accent', () => {
  it('keep the accent readable as text on its soft background (a secondary button on hover), 4.5:1', () => {
    for (const accent of acceptedAccents(2000)) {
      const { soft } = derived(accent);
      assert.ok(contrastRatio(accent, soft) >= AA_NORMAL_TEXT, `${accent} on ${soft}: ${contrastRatio(accent, soft).toFixed(2)}:1`);
    }
  });

  it('give a primary button a hover people can see, with white text still 4.5:1 on it', () => {
    for (const accent of acceptedAccents(2000)) {
      const { strong } = derived(accent);
      assert.ok(contrastRatio(accent, strong) >= 1.3, `${accent} → ${strong}: ${contrastRatio(accent, strong).toFixed(2)}:1`);
      assert.ok(contrastRatio('#ffffff', strong) >= AA_NORMAL_TEXT, `white on ${strong}`);
    }
  });

  it('leave the default accent as it was (a darker hover, an 88% white tint)', () => {
    assert.deepEqual(derived('#9a3412'), { strong: '#7b2a0e', soft: '#f3e7e3' });
  });
});
