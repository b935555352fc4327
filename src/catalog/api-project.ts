import type { ProjectRecord } from './project.js';

/** A project as the API shows it: absolute image URLs and links to itself. */
export interface ApiProject extends ProjectRecord {
  links: { self: string; html: string };
}

function absolute(baseUrl: string, url: string): string {
  return url.startsWith('/') ? `${baseUrl}${url}` : url;
}

export function toApiProject(record: ProjectRecord, baseUrl: string, apiPrefix: string, htmlPrefix: string): ApiProject {
  return {
    id: record.id,
    slug: record.slug,
    title: record.title,
    summary: record.summary,
    description: record.description,
    client: record.client,
    industry: record.industry,
    services: record.services,
    technologies: record.technologies,
    tags: record.tags,
    year: record.year,
    featured: record.featured,
    url: record.url,
    images: record.images.map((image) => ({ ...image, url: absolute(baseUrl, image.url) })),
    links: {
      self: `${baseUrl}${apiPrefix}/${record.slug}`,
      html: `${baseUrl}${htmlPrefix}/${record.slug}`,
    },
    created_at: record.created_at,
    updated_at: record.updated_at,
    published_at: record.published_at,
  };
}
