import type { FC } from 'hono/jsx';
import { raw } from 'hono/html';
import type { ApiProject } from '../catalog/api-project.js';
import { catalogHref } from './catalog-query.js';
import { projectJsonLd, serializeJsonLd } from './json-ld.js';
import { humanize } from './labels.js';
import { contentLang, Layout, replyLine, type OgImage, type Site } from './layout.js';
import { renderMarkdown, safeHref } from './markdown.js';
import { ProjectCard, WIDE_CARD_SIZES } from './project-card.js';
import { ResponsiveImage } from './responsive-image.js';

const TermLinks: FC<{ param: 'service' | 'technology' | 'tag'; values: string[]; label: string }> = ({ param, values, label }) => (
  <ul class="chips" aria-label={label}>
    {values.map((value) => (
      <li>
        <a class="chip" href={catalogHref({}, { [param]: value })}>
          {humanize(value)}
        </a>
      </li>
    ))}
  </ul>
);

/** One `<dt>`/`<dd>` pair of linked terms, left out when the project has none. */
const TermFacts: FC<{ param: 'service' | 'technology' | 'tag'; values: string[]; label: string }> = (props) =>
  props.values.length > 0 ? (
    <>
      <dt>{props.label}</dt>
      <dd>
        <TermLinks {...props} />
      </dd>
    </>
  ) : null;

/** Link previews want a raster near 1200 px wide: the cover's JPEG variant closest to that, or the cover itself unless it is SVG. */
function previewOf(project: ApiProject): OgImage | undefined {
  const cover = project.images[0];
  if (!cover) return undefined;
  const jpeg = cover.variants.filter((v) => v.type === 'image/jpeg').sort((a, b) => Math.abs(a.width - 1200) - Math.abs(b.width - 1200))[0];
  if (jpeg) return { url: jpeg.url, width: jpeg.width, height: jpeg.height, alt: cover.alt };
  return /\.svg(?:$|\?)/i.test(cover.url) ? undefined : { url: cover.url, width: cover.width, height: cover.height, alt: cover.alt };
}

/** What an owner previewing a project sees above it: it is not (or not yet) what visitors see. */
const PreviewBanner: FC<{ slug: string; published: boolean }> = ({ slug, published }) => (
  <aside class="notice" aria-label="Preview">
    <p>
      <strong>{published ? 'Preview of the saved project.' : 'Preview of a draft: visitors cannot see this page until it is published.'}</strong>{' '}
      <a href={`/admin/projects/${slug}`}>Back to editing</a>
    </p>
  </aside>
);

/** Other work in the project's industry, newest first, and the way to all of it. */
const RelatedWork: FC<{ site: Site; project: ApiProject; related: readonly ApiProject[] }> = ({ site, project, related }) => {
  const industry = humanize(project.industry);
  return (
    <section class="related" aria-labelledby="related-title">
      <div class="section-head">
        <h2 id="related-title">More {industry.toLowerCase()} work</h2>
        <a href={catalogHref({}, { industry: project.industry })}>All {industry} projects</a>
      </div>
      <ul class="cards">
        {related.map((p) => (
          <li>
            <ProjectCard project={p} baseUrl={site.baseUrl} lang={contentLang(site)} sizes={WIDE_CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
};

export const ProjectPage: FC<{ site: Site; project: ApiProject; related?: readonly ApiProject[]; preview?: { published: boolean } | undefined }> = ({ site, project, related = [], preview }) => {
  const [hero, ...rest] = project.images;
  const path = `/projects/${project.slug}`;
  const liveUrl = project.url ? safeHref(project.url) : null;
  // renderMarkdown escapes every text run and emits only its own tags (see markdown.ts).
  const description = renderMarkdown(project.description || project.summary, { headingOffset: 1 });
  // WCAG 2.2 SC 3.1.2: what the studio wrote, in the studio's language; the page around it is English.
  const lang = contentLang(site);
  return (
    <Layout
      site={site}
      title={`${project.title} — ${site.name}`}
      description={project.summary}
      canonicalPath={path}
      image={previewOf(project)}
      current="work"
      head={
        <>
          {preview ? <meta name="robots" content="noindex, nofollow" /> : null}
          <link rel="alternate" type="text/markdown" href={`${path}.md`} title="This page as Markdown" />
          <link rel="alternate" type="application/json" href={project.links.self} title="This project as JSON" />
          <script type="application/ld+json">{raw(serializeJsonLd(projectJsonLd(project, site)))}</script>
        </>
      }
    >
      <div class="wrap">
        {preview ? <PreviewBanner slug={project.slug} published={preview.published} /> : null}
        <nav class="crumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <a href="/">Work</a>
            </li>
            <li>
              <a href={catalogHref({}, { industry: project.industry })}>{humanize(project.industry)}</a>
            </li>
            <li aria-current="page" lang={lang}>
              {project.title}
            </li>
          </ol>
        </nav>
        <header class="project-head">
          <div>
            <p class="eyebrow">
              {project.client ? <span lang={lang}>{project.client}</span> : humanize(project.industry)} · {project.year}
            </p>
            <h1 lang={lang}>{project.title}</h1>
            <p class="lead" lang={lang}>
              {project.summary}
            </p>
          </div>
          <div class="project-actions">
            {liveUrl ? (
              <a class="button secondary" href={liveUrl} rel="noopener" target="_blank">
                Visit the live project<span class="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        </header>
        {hero ? (
          <figure class="hero-image" lang={lang}>
            <ResponsiveImage image={hero} baseUrl={site.baseUrl} sizes="(min-width: 72rem) 70rem, 100vw" eager />
            {hero.caption ? <figcaption>{hero.caption}</figcaption> : null}
          </figure>
        ) : null}
        <div class="project-grid">
          <article class="prose" aria-labelledby="about-title">
            <h2 id="about-title">About the project</h2>
            <div lang={lang}>{raw(description)}</div>
            {rest.length > 0 ? (
              <>
                <h2>More from the project</h2>
                <ul class="gallery">
                  {rest.map((image) => (
                    <li>
                      <figure lang={lang}>
                        <ResponsiveImage image={image} baseUrl={site.baseUrl} sizes="(min-width: 40rem) 20rem, 100vw" />
                        {image.caption ? <figcaption>{image.caption}</figcaption> : null}
                      </figure>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </article>
          <aside class="facts" aria-labelledby="facts-title">
            <h2 id="facts-title">Project facts</h2>
            <dl>
              <dt>Client</dt>
              <dd lang={project.client ? lang : undefined}>{project.client ?? 'Confidential'}</dd>
              <dt>Industry</dt>
              <dd>
                <a href={catalogHref({}, { industry: project.industry })}>{humanize(project.industry)}</a>
              </dd>
              <dt>Year</dt>
              <dd>
                <a href={catalogHref({}, { year: String(project.year) })}>{project.year}</a>
              </dd>
              <TermFacts param="service" values={project.services} label="Services" />
              <TermFacts param="technology" values={project.technologies} label="Technologies" />
              <TermFacts param="tag" values={project.tags} label="Topics" />
            </dl>
            <a class="button" href={`/inquire?project=${encodeURIComponent(project.slug)}`}>
              Start an inquiry about this project
            </a>
          </aside>
        </div>
        <section class="callout" aria-labelledby="cta-title">
          <div>
            <h2 id="cta-title">Planning something similar?</h2>
            <p>Tell us about your project. {replyLine(site)}</p>
          </div>
          <a class="button" href={`/inquire?project=${encodeURIComponent(project.slug)}`}>
            Start an inquiry<span class="visually-hidden"> about {project.title}</span>
          </a>
        </section>
        {related.length > 0 ? <RelatedWork site={site} project={project} related={related} /> : null}
      </div>
    </Layout>
  );
};
