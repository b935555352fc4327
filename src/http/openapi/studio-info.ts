import type { OpenApiDocument } from './types.js';

/** What the OpenAPI `info` says of the studio (its profile). */
export interface StudioInfo {
  name: string;
  tagline: string;
  contact_email: string | null;
}

/** OpenAPI 3.1 §4.8.2: the title names the studio's API; `contact` says whom to reach. */
export function studioInfo(info: OpenApiDocument['info'], studio: StudioInfo, baseUrl: string): OpenApiDocument['info'] {
  const about = studio.tagline ? `The portfolio catalog of **${studio.name}**: ${studio.tagline}.` : `The portfolio catalog of **${studio.name}**.`;
  return {
    ...info,
    title: `${studio.name} — portfolio catalog API`,
    description: `${about}\n\n${String(info.description ?? '')}`.trimEnd(),
    contact: { name: studio.name, url: `${baseUrl}/`, ...(studio.contact_email ? { email: studio.contact_email } : {}) },
  };
}
