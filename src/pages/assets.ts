import type { StudioView } from '../studio/view.js';
import type { Site } from './layout.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface StaticAsset {
  body: string;
  contentType: string;
  /** strong validator: a hash of the bytes */
  etag: string;
  /** short content hash used as `?v=` so the URL changes whenever the file does */
  version: string;
}

// Resolved from the module URL so the same path works from src/pages (tsx) and dist/pages (tsc).
const ASSET_DIR = new URL('../../src/pages/assets/', import.meta.url);

function load(name: string, contentType: string): StaticAsset {
  const body = readFileSync(new URL(name, ASSET_DIR), 'utf8');
  const digest = createHash('sha256').update(body).digest('base64url');
  return { body, contentType, etag: `"${digest.slice(0, 27)}"`, version: digest.slice(0, 10) };
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
