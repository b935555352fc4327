import type { ProjectImage } from '../model/project.js';
import type { ProjectRecord } from './project.js';

/** An image as the API shows it: absolute URLs, the caption, the stored image's id and its variants. */
export interface ApiImage {
  url: string;
  alt: string;
  caption: string | null;
  width: number;
  height: number;
  media: string | null;
  placeholder: string | null;
  variants: { url: string; type: string; width: number; height: number }[];
}

export function toApiImage(image: ProjectImage, baseUrl: string): ApiImage {
  return {
    url: absolute(baseUrl, image.url),
    alt: image.alt,
    caption: image.caption ?? null,
    width: image.width,
    height: image.height,
    media: image.media ?? null,
    placeholder: image.placeholder ?? null,
    variants: (image.variants ?? []).map((v) => ({ url: absolute(baseUrl, v.url), type: v.type, width: v.width, height: v.height })),
  };
}

/** A project as the API shows it: absolute image URLs and links to itself. */
export interface ApiProject extends Omit<ProjectRecord, 'images'> {
  images: ApiImage[];
  links: { self: string; html: string };
}

function absolute(baseUrl: string, url: string): string {
  return url.startsWith('/') ? `${baseUrl}${url}` : url;
}

/**
 * The inverse of absolute() for a project body an owner sends back: an image `url` on this site
 * (as the API wrote it) is kept as its path again, so a GET's images PUT back store what they were
 * and still hold after the site moves to another PUBLIC_URL. Anything else is left as sent.
 */
export function sitePathsOfImages(body: unknown, baseUrl: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray((body as { images?: unknown }).images)) return body;
  const images = ((body as { images: unknown[] }).images).map((image) => {
    const url = typeof image === 'object' && image !== null ? (image as { url?: unknown }).url : undefined;
    return typeof url === 'string' && url.startsWith(`${baseUrl}/`) ? { ...(image as object), url: url.slice(baseUrl.length) } : image;
  });
  return { ...body, images };
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
    images: record.images.map((image) => toApiImage(image, baseUrl)),
    links: {
      self: `${baseUrl}${apiPrefix}/${record.slug}`,
      html: `${baseUrl}${htmlPrefix}/${record.slug}`,
    },
    created_at: record.created_at,
    updated_at: record.updated_at,
    published_at: record.published_at,
  };
}
