import type { ProjectFields } from '../../src/model/project.js';

/** A published project's fields for a store's upsert: the slug and title given, plain values for the rest. */
export function projectFields(fields: Pick<ProjectFields, 'slug' | 'title'> & Partial<ProjectFields>): ProjectFields {
  return {
    summary: `The ${fields.title} project.`,
    description: '',
    client: null,
    industry: 'retail',
    services: [],
    technologies: [],
    tags: [],
    year: 2025,
    featured: false,
    url: null,
    images: [],
    published_at: '2025-01-01T00:00:00Z',
    ...fields,
  };
}
