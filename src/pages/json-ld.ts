import type { ApiProject } from '../catalog/api-project.js';

/** Schema.org CreativeWork for a project page (https://schema.org/CreativeWork). */
export function projectJsonLd(project: ApiProject, site: { name: string; baseUrl: string }): Record<string, unknown> {
  const page = project.links.html;
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    '@id': `${page}#work`,
    name: project.title,
    headline: project.title,
    abstract: project.summary,
    description: project.summary,
    url: page,
    mainEntityOfPage: page,
    inLanguage: 'en',
    dateCreated: String(project.year),
    ...(project.published_at ? { datePublished: project.published_at } : {}),
    dateModified: project.updated_at,
    genre: project.industry,
    keywords: [...project.tags, ...project.services, ...project.technologies],
    image: project.images.map((image) => ({ '@type': 'ImageObject', contentUrl: image.url, description: image.alt, ...(image.caption ? { caption: image.caption } : {}), width: image.width, height: image.height })),
    creator: { '@type': 'Organization', '@id': `${site.baseUrl}/#organization`, name: site.name, url: `${site.baseUrl}/` },
    ...(project.client ? { sponsor: { '@type': 'Organization', name: project.client } } : {}),
    ...(project.url ? { workExample: { '@type': 'WebSite', url: project.url } } : {}),
    encoding: { '@type': 'MediaObject', encodingFormat: 'text/markdown', contentUrl: `${page}.md` },
  };
}

/**
 * JSON for a `<script type="application/ld+json">` block. `<`, `>` and `&` become \u escapes so
 * catalog text can never close the script element (`</script>`) or open a comment.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
