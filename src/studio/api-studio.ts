import type { StudioView } from './view.js';

/** GET /api/v1/studio and the MCP tool get_studio: who the studio is, what it does, where. */
export interface ApiStudio {
  name: string;
  tagline: string;
  introduction: string;
  services: { name: string; description: string }[];
  location: string | null;
  contact_email: string | null;
  links: { label: string; url: string }[];
  accent_color: string;
  reply_promise: string;
  content_language: string;
  logo: { url: string; content_type: string; width: number; height: number } | null;
  url: string;
  inquiries: string;
  updated_at: string | null;
}

export function toApiStudio(view: StudioView, baseUrl: string): ApiStudio {
  const { profile, logo } = view;
  return {
    name: profile.name,
    tagline: profile.tagline,
    introduction: profile.introduction,
    services: profile.services.map((s) => ({ name: s.name, description: s.description })),
    location: profile.location,
    contact_email: profile.contact_email,
    links: profile.links.map((l) => ({ label: l.label, url: l.url })),
    accent_color: profile.accent_color,
    reply_promise: profile.reply_promise ?? '',
    content_language: profile.content_language ?? '',
    logo: logo ? { url: `${baseUrl}${logo.path}`, content_type: logo.content_type, width: logo.width, height: logo.height } : null,
    url: `${baseUrl}/`,
    inquiries: `${baseUrl}/inquire`,
    updated_at: view.updated_at,
  };
}
