import type { StudioView } from '../studio/view.js';
import type { Site } from './layout.js';
import { readFileSync } from 'node:fs';
import { representationOf, type Representation } from '../lib/representation.js';

export interface StaticAsset {
  /** its bytes and their strong validator, kept for the process's life (and so encoded once) */
  representation: Representation;
  contentType: string;
  /** short content hash used as `?v=` so the URL changes whenever the file does */
  version: string;
}

// Resolved from the module URL so the same path works from src/pages (tsx) and dist/pages (tsc).
const ASSET_DIR = new URL('../../src/pages/assets/', import.meta.url);

function load(name: string, contentType: string): StaticAsset {
  const representation = representationOf(new Uint8Array(readFileSync(new URL(name, ASSET_DIR))));
  // The tag is the content's hash (lib/etag.ts); its first ten characters version the URL.
  return { representation, contentType, version: representation.etag.slice(1, 11) };
}

export type Assets = ReadonlyMap<string, StaticAsset>;

/** The site's static files, read once at start. */
export function loadAssets(): Assets {
  return new Map([
    ['site.css', load('site.css', 'text/css; charset=utf-8')],
    ['favicon.svg', load('favicon.svg', 'image/svg+xml')],
  ]);
}

/** `/assets/site.css?v=…` for a known asset. */
export function assetUrl(assets: Assets, name: string): string {
  const asset = assets.get(name);
  return asset ? `/assets/${name}?v=${asset.version}` : `/assets/${name}`;
}

/** The parts of the site that never change while the process runs: where it is and its assets. */
export type SiteFrame = Pick<Site, 'baseUrl' | 'cssHref' | 'iconHref'>;

export function siteFrame(baseUrl: string, assets: Assets): SiteFrame {
  return { baseUrl, cssHref: assetUrl(assets, 'site.css'), iconHref: assetUrl(assets, 'favicon.svg') };
}

/** What every page needs to know about the site: the frame and the studio's current profile. */
export function siteWith(frame: SiteFrame, studio: StudioView): Site {
  return { ...frame, name: studio.profile.name, studio };
}
