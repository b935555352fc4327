import { ANSWER_CACHE_LIMITS } from '../catalog/service.js';
import { BoundedMap } from '../lib/bounded-map.js';
import { representationOf, type Representation } from '../lib/representation.js';

interface Kept extends Representation {
  /** held weakly: a kept page never keeps an old catalog answer alive past the catalog's own bounds */
  inputs: readonly WeakRef<object>[];
}

/**
 * Server-rendered pages kept while what they were rendered from is current (issue 17). A public
 * page is a pure function of a few values the catalog keeps per catalog version — the studio's
 * view, a project's or a list's cached answer — and each of those is the same object for as long
 * as it is current, so a page whose inputs are the very objects it was rendered from is the page
 * a render would give now. Rendering a project page with hono/jsx was ~45% of its CPU (211 µs a
 * warm request, bench/studio-site.ts). Bounded like the catalog's answer caches; a newer version
 * brings new objects, and the pages of the old ones are replaced as they are asked for.
 */
export class RenderedPages {
  private readonly pages = new BoundedMap<string, Kept>(ANSWER_CACHE_LIMITS.entries, { maxWeight: ANSWER_CACHE_LIMITS.chars, weigh: (page) => page.bytes.byteLength });

  /** The page `key` rendered from `inputs` (compared by identity), rendered if none is kept: its bytes and ETag. */
  get(key: string, inputs: readonly object[], render: () => string): Representation {
    const kept = this.pages.get(key);
    if (kept !== undefined && sameObjects(kept.inputs, inputs)) return kept;
    const page: Kept = { inputs: inputs.map((input) => new WeakRef(input)), ...representationOf(render()) };
    this.pages.set(key, page);
    return page;
  }
}

function sameObjects(kept: readonly WeakRef<object>[], inputs: readonly object[]): boolean {
  if (kept.length !== inputs.length) return false;
  for (let i = 0; i < kept.length; i++) if (kept[i]!.deref() !== inputs[i]) return false;
  return true;
}
