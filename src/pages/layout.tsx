import type { Child, FC } from 'hono/jsx';
import type { StudioView } from '../studio/view.js';

/** What every page needs to know about the site it belongs to. */
export interface Site {
  /** the studio's name (studio.profile.name) */
  name: string;
  baseUrl: string;
  cssHref: string;
  iconHref: string;
  /** the studio profile: brand, footer, contact */
  studio: StudioView;
}

const Brand: FC<{ site: Site; note?: Child }> = ({ site, note }) => {
  const logo = site.studio.logo;
  return (
    <>
      {logo ? <img class="brand-logo" src={logo.path} alt="" width={logo.width} height={logo.height} /> : null}
      {site.name}
      <span aria-hidden="true">.</span>
      {note}
    </>
  );
};
export { Brand };

const StudioFooter: FC<{ site: Site }> = ({ site }) => {
  const { profile } = site.studio;
  return (
    <div class="studio-footer">
      <p lang={contentLang(site)}>
        <strong>{profile.name}</strong>
        {profile.tagline ? ` — ${profile.tagline}` : null}
      </p>
      {profile.location || profile.contact_email ? (
        <p>
          {profile.location ? <span lang={contentLang(site)}>{profile.location}</span> : null}
          {profile.location && profile.contact_email ? ' · ' : null}
          {profile.contact_email ? <a href={`mailto:${profile.contact_email}`}>{profile.contact_email}</a> : null}
        </p>
      ) : null}
      {profile.links.length > 0 ? (
        <ul class="studio-links" aria-label={`${profile.name} elsewhere`} lang={contentLang(site)}>
          {profile.links.map((l) => (
            <li>
              <a href={l.url} rel="me noopener">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};

export interface LayoutProps {
  site: Site;
  title: string;
  description?: string | undefined;
  /** path of the canonical URL, e.g. /projects/atlas */
  canonicalPath?: string | undefined;
  current?: 'work' | 'agents' | 'inquire' | undefined;
  /** a page inside the `current` section, not its own page (the inquiry's thank-you page): aria-current="true" */
  within?: boolean | undefined;
  /** the page's own preview image for link previews (Open Graph); else the studio's logo, if raster */
  image?: OgImage | undefined;
  /** extra elements for <head>: alternates, JSON-LD */
  head?: Child;
  children?: Child;
}

/** An Open Graph image (ogp.me §"Structured Properties"): a raster URL, its size and its text alternative. */
export interface OgImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The major link-preview renderers show no SVG: only a raster logo stands in for a page's own image. */
function previewImage(site: Site, image: OgImage | undefined): OgImage | undefined {
  if (image) return image;
  const logo = site.studio.logo;
  return logo && !logo.path.endsWith('.svg') ? { url: `${site.baseUrl}${logo.path}`, width: logo.width, height: logo.height, alt: site.name } : undefined;
}

const OgImageTags: FC<{ image: OgImage | undefined }> = ({ image }) =>
  image ? (
    <>
      <meta property="og:image" content={image.url} />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      {image.alt ? <meta property="og:image:alt" content={image.alt} /> : null}
    </>
  ) : null;

/** The `lang` of studio-written text (profile.content_language), or undefined when it is the pages' English. */
export function contentLang(site: Site): string | undefined {
  return site.studio.profile.content_language || undefined;
}

/** What a sender is told about the reply: the studio's own promise, or none (profile.reply_promise). */
export function replyLine(site: Site): string {
  return site.studio.profile.reply_promise || 'We reply by email.';
}

export const Layout: FC<LayoutProps> = ({ site, title, description, canonicalPath, current, within, image, head, children }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {canonicalPath ? <link rel="canonical" href={`${site.baseUrl}${canonicalPath}`} /> : null}
      <link rel="stylesheet" href={site.cssHref} />
      <link rel="stylesheet" href={site.studio.css.path} />
      <link rel="icon" href={site.iconHref} type="image/svg+xml" />
      <link rel="api-catalog" href="/.well-known/api-catalog" />
      <link rel="service-desc" href="/openapi.json" type="application/vnd.oai.openapi+json" />
      <link rel="describedby" href="/.well-known/mcp/server-card.json" type="application/mcp-server-card+json" title="MCP server card" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:type" content="website" />
      {canonicalPath ? <meta property="og:url" content={`${site.baseUrl}${canonicalPath}`} /> : null}
      <OgImageTags image={previewImage(site, image)} />
      {head}
    </head>
    <body>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <div class="wrap">
          <a class="brand" href="/">
            <Brand site={site} />
          </a>
          <nav class="site-nav" aria-label="Main">
            <ul>
              <li>
                {/* WAI-ARIA 1.2 aria-current: "page" on the catalog itself; on a project inside it, "true" (the current section), as the breadcrumb names the page. */}
                <a href="/" aria-current={current === 'work' ? (canonicalPath?.startsWith('/projects/') ? 'true' : 'page') : undefined}>
                  Work
                </a>
              </li>
              <li>
                <a href="/agents" aria-current={current === 'agents' ? 'page' : undefined}>
                  For AI agents
                </a>
              </li>
              <li>
                <a class="button" href="/inquire" aria-current={current === 'inquire' ? (within ? 'true' : 'page') : undefined}>
                  Start a project
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabindex={-1}>
        {children}
      </main>
      <footer class="site-footer">
        <div class="wrap">
          <StudioFooter site={site} />
          <nav aria-label="For developers and agents">
            <ul>
              <li>
                <a href="/openapi.json">OpenAPI</a>
              </li>
              <li>
                <a href="/docs">API docs</a>
              </li>
              <li>
                <a href="/auth.md">Authentication</a>
              </li>
              <li>
                <a href="/llms.txt">llms.txt</a>
              </li>
              <li>
                <a href="/sitemap.xml">Sitemap</a>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </body>
  </html>
);

/** Serializes a page; every component here is synchronous, so the result is a string. */
export function renderDocument(node: Child): string {
  const html = String(node);
  return `<!doctype html>\n${html}`;
}
