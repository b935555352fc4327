/**
 * A catalog entry as every layer sees it (docs/design.md §2): the domain validates it, the
 * store keeps it, the API presents it. Timestamps are RFC 3339 UTC strings.
 */
export interface ProjectImage {
  /** the largest JPEG variant of a stored image, or an image at a URL */
  url: string;
  alt: string;
  width: number;
  height: number;
  caption?: string | null | undefined;
  /** id of a stored image (src/media/), absent for an image at a URL */
  media?: string | undefined;
  /** data: URL of a tiny blurred WebP, shown while the image loads */
  placeholder?: string | undefined;
  /** AVIF, WebP and JPEG at a few widths (paths under /media/) */
  variants?: ImageVariantRef[] | undefined;
}

export interface ImageVariantRef {
  url: string;
  type: string;
  width: number;
  height: number;
}

/** What a write supplies: ids and timestamps are optional (the store assigns them). */
export interface ProjectFields {
  id?: string | undefined;
  slug: string;
  title: string;
  summary: string;
  description: string;
  client: string | null;
  industry: string;
  services: string[];
  technologies: string[];
  tags: string[];
  year: number;
  featured: boolean;
  url: string | null;
  images: ProjectImage[];
  published_at: string | null;
  created_at?: string | undefined;
  updated_at?: string | undefined;
}

/**
 * What an import writes: the fields, and optionally the project's place among the featured ones
 * (`featured_rank`, store/kysely/featured-order.ts). Absent, a new project gets 0 and a stored
 * one keeps its own, as before the rank travelled in catalog files. Never part of a record read
 * back for the API or the editor.
 */
export interface ImportedProject extends ProjectFields {
  featured_rank?: number | undefined;
}

export interface ProjectRecord extends ProjectFields {
  id: string;
  created_at: string;
  updated_at: string;
}
