import { ERROR_CODES } from '../../lib/errors.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import type { OpenApiDocument } from '../openapi/types.js';
import { docsMarkdown } from '../../pages/docs-markdown.js';
import { sendText } from '../responses/html-response.js';
import { representationOf, type Representation } from '../../lib/representation.js';
import { keptHeaders, sendKept, type KeptHeaders } from '../responses/cached-response.js';
import { NEGOTIATED_VARY, notAcceptable, pageFormat } from '../responses/negotiated-page.js';
import { problem } from '../responses/problem.js';

export const DOCS_PATH = '/docs';
export const DOCS_ASSETS_PATH = '/docs/assets';

/**
 * Everything the page loads comes from this origin: no CDN, no inline script or style. Swagger
 * UI sets its dynamic styles through the CSSOM (element.style), which CSP does not govern, so
 * style-src needs no 'unsafe-inline' (test/openapi/docs.test.ts renders it in Chromium and demands
 * no violation). data: images are the icons its stylesheet embeds.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  // "Try it out" and the OAuth client-credentials dialog call this origin only.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// An external file, never inline, so script-src needs no 'unsafe-inline' or hash.
const INIT_SCRIPT = `(function () {
  'use strict';
  var spec = new URL('../../openapi.json', document.currentScript.src).href;
  window.addEventListener('load', function () {
    window.ui = SwaggerUIBundle({
      url: spec,
      dom_id: '#swagger-ui',
      deepLinking: false,
      // The public validator badge would send the document to a third party.
      validatorUrl: null,
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      persistAuthorization: false
    });
  });
  // Swagger UI leaves its menus unnamed, its code examples unreachable by keyboard, and renders
  // a second <main> inside the page's: mended as it renders (WCAG 2.2 SC 4.1.2, 2.1.1; one main).
  function mend() {
    var servers = document.getElementById('servers');
    if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    document.querySelectorAll('#swagger-ui select:not([aria-label])').forEach(function (select) {
      var row = select.closest('tr');
      var name = row && row.querySelector('.parameter__name');
      select.setAttribute('aria-label', name ? name.textContent.replace(/\\s*\\*.*$/, '').trim() : 'Value');
    });
    document.querySelectorAll('#swagger-ui pre:not([tabindex])').forEach(function (pre) {
      pre.setAttribute('tabindex', '0');
    });
    var inner = document.querySelector('#swagger-ui main');
    if (inner && inner.getAttribute('role') !== 'region') {
      inner.setAttribute('role', 'region');
      inner.setAttribute('aria-label', 'Operations');
    }
  }
  window.addEventListener('DOMContentLoaded', function () {
    new MutationObserver(mend).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
  });
  // With Swagger UI's scripts on the page, Chromium leaves focus on the skip link after it
  // jumps to #main (without them, as on every other page, focus moves to <main>): move it as
  // the link promises (WCAG 2.2 SC 2.4.1).
  document.addEventListener('click', function (event) {
    var main = event.target.closest && event.target.closest('a.skip-link') && document.getElementById('main');
    if (main) setTimeout(function () { main.focus(); }, 0);
  });
})();
`;

// Swagger UI inside the site: the site's type, colours and width (site.css defines the variables).
const PAGE_CSS = `.docs-intro { padding-block: clamp(2rem, 5vw, 3rem) 0.5rem; }
.docs-intro .lead { max-width: 48rem; }
.docs-reference .swagger-ui, .docs-reference .swagger-ui .info .title, .docs-reference .swagger-ui .opblock-tag,
.docs-reference .swagger-ui .opblock .opblock-summary-description, .docs-reference .swagger-ui .model-title,
.docs-reference .swagger-ui .parameter__name, .docs-reference .swagger-ui table thead tr th { font-family: var(--sans); color: var(--ink); }
.docs-reference .swagger-ui .opblock-tag { font-family: var(--serif); font-weight: 600; border-color: var(--line); }
.docs-reference .swagger-ui .wrapper { padding: 0; max-width: none; }
.docs-reference .swagger-ui .information-container .info { margin: 1rem 0 1.5rem; }
.docs-reference .swagger-ui .info .title { display: none; }
.docs-reference .swagger-ui .info .description p, .docs-reference .swagger-ui .info li { font-size: 1rem; color: var(--muted); }
.docs-reference .swagger-ui .scheme-container { background: var(--surface); border: 1px solid var(--line); border-radius: var(--radius); box-shadow: none; padding: 1rem; }
.docs-reference .swagger-ui .opblock { border-radius: 10px; box-shadow: none; }
.docs-reference .swagger-ui .btn.authorize { color: var(--accent); border-color: var(--accent); }
.docs-reference .swagger-ui .btn.authorize svg { fill: var(--accent); }
.docs-reference .swagger-ui a.nostyle, .docs-reference .swagger-ui .info a { color: var(--accent); }
/* site.css sizes every form control for its own forms; Swagger UI sizes its own. */
.docs-reference input, .docs-reference select, .docs-reference textarea { width: auto; min-height: 0; }
.docs-reference img { display: inline; }
/* White on Swagger UI's light method colours is 2.3:1; dark text on them is 5:1 or more (WCAG 2.2 SC 1.4.3). */
.docs-reference .swagger-ui .opblock-get .opblock-summary-method, .docs-reference .swagger-ui .opblock-post .opblock-summary-method,
.docs-reference .swagger-ui .opblock-put .opblock-summary-method, .docs-reference .swagger-ui .opblock-delete .opblock-summary-method,
.docs-reference .swagger-ui .opblock-patch .opblock-summary-method { color: #111; text-shadow: none; }
.docs-reference .swagger-ui .json-schema-2020-12-expand-deep-button, .docs-reference .swagger-ui .parameter__in,
.docs-reference .swagger-ui .response-control-media-type__accept-message, .docs-reference .swagger-ui table.headers .header-example { color: var(--muted); }
.docs-reference .swagger-ui .renderedMarkdown code, .docs-reference .swagger-ui .markdown code { color: var(--ink); }
/* "Try it out" controls were 2.9:1 (Cancel), 3.4:1 (Execute) and 3.8:1 (Download): the site's colours instead (SC 1.4.3). */
.docs-reference .swagger-ui .btn.cancel { color: var(--danger); border-color: var(--danger); }
.docs-reference .swagger-ui .btn.execute { background: var(--accent); border-color: var(--accent); color: #fff; }
.docs-reference .swagger-ui .download-contents { background: var(--ink); color: #fff; }
/* An operation's copy-path button is 0 px wide until the summary is hovered, yet a tab stop: focus shows it too (SC 2.4.7). */
.docs-reference .swagger-ui .opblock .opblock-summary:focus-within .view-line-link.copy-to-clipboard { width: 24px; margin: 0 5px; transition: none; }
/* Reflow at 320 px (SC 1.4.10): response tables keep to the page's width and their code wraps. */
.docs-reference .swagger-ui table.responses-table { table-layout: fixed; width: 100%; }
.docs-reference .swagger-ui table.responses-table td { overflow-wrap: anywhere; }
@media (max-width: 480px) { .docs-reference .swagger-ui table.responses-table :is(td, th) { padding-inline: 0.25rem; } }
.docs-reference .swagger-ui table.responses-table pre, .docs-reference .swagger-ui .highlight-code pre { white-space: pre-wrap; overflow-wrap: anywhere; }
`;

interface Asset {
  representation: Representation;
  headers: KeptHeaders;
}

const VENDOR_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

function asset(body: Uint8Array<ArrayBuffer> | string, type: string): Asset {
  const representation = representationOf(body);
  // RFC 9110 §13.1.2: a list, `*` or a weak form of the tag all match (sendKept).
  return { representation, headers: keptHeaders(representation, type, 'public, max-age=86400', { 'x-content-type-options': 'nosniff' }) };
}

/** Reads the renderer's files from the installed swagger-ui-dist package, once, on first use. */
function loadAssets(): Map<string, Asset> {
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, Asset>();
  for (const [name, type] of Object.entries(VENDOR_FILES)) {
    // Drop the sourceMappingURL comment: the maps are not served, and a browser would ask for them.
    const raw = readFileSync(join(dir, name));
    const body = type.startsWith('image/') ? raw : raw.toString('utf8').replace(/\n\/[/*]# sourceMappingURL=\S+(\s*\*\/)?\s*$/, '\n');
    assets.set(name, asset(body, type));
  }
  assets.set('init.js', asset(INIT_SCRIPT, 'text/javascript; charset=utf-8'));
  assets.set('docs.css', asset(PAGE_CSS, 'text/css; charset=utf-8'));
  return assets;
}

export interface DocsRouteOptions {
  publicUrl: string;
  /** the whole HTML document (the site's layout around the renderer, with the studio's current profile), as kept */
  page(): Promise<Representation>;
  /** the OpenAPI document as /openapi.json serves it now (summarised by the Markdown twin) */
  document(): Promise<OpenApiDocument>;
}

/**
 * GET /docs: an interactive reference rendered from /openapi.json, served entirely from this
 * server; agents asking for text/markdown (or /docs.md) get a summary of the same document.
 */
export function registerDocsRoutes(app: OpenAPIHono<AppEnv>, options: DocsRouteOptions): void {
  let assets: Map<string, Asset> | null = null;
  // The Markdown of the document it was made from: redone when the studio's profile changes its info.
  let markdown: { from: OpenApiDocument; text: string } | null = null;

  const docs = (twin: boolean) => async (c: Context<AppEnv>) => {
    const format = pageFormat(c, twin);
    if (format === null) return notAcceptable(c, `${options.publicUrl}/docs.md`);
    const vary = twin ? 'Accept-Encoding' : NEGOTIATED_VARY;
    if (format === 'text/markdown') {
      const document = await options.document();
      if (markdown?.from !== document) markdown = { from: document, text: docsMarkdown(options.publicUrl, document) };
      return sendText(c, markdown.text, { contentType: 'text/markdown; charset=utf-8', cacheControl: 'public, max-age=300', headers: { vary } });
    }
    // Rendered once per studio view (the caller keeps it), with a validator: a repeat is a 304.
    const page = await options.page();
    return sendKept(c, page, keptHeaders(page, 'text/html; charset=utf-8', 'public, max-age=300', { 'content-security-policy': DOCS_CSP, 'referrer-policy': 'no-referrer', vary }));
  };
  app.get(DOCS_PATH, docs(false));
  app.get(`${DOCS_PATH}.md`, docs(true));
  // RFC 9110 §15.4.2: one URL for the page; the slash form is a permanent alias, not a 404.
  app.get(`${DOCS_PATH}/`, (c) => c.redirect(DOCS_PATH, 301));

  app.get(`${DOCS_ASSETS_PATH}/:name`, (c) => {
    assets ??= loadAssets();
    const found = assets.get(c.req.param('name'));
    if (!found) return problem(c, { status: 404, code: ERROR_CODES.notFound, title: 'Not found', detail: `No documentation asset is named ${c.req.param('name')}.` });
    // Kept bytes with fixed headers: sent (and encoded, middleware/response-encoding.ts) as they are.
    return sendKept(c, found.representation, found.headers);
  });
}
