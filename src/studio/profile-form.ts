import type { FieldError } from '../lib/errors.js';
import type { StudioProfile } from './profile.js';
import { DEFAULT_TIME_ZONE } from './time-zone.js';

/** The admin form's text fields (services and links one per line, `Name: text`). */
export interface ProfileFormValues {
  name: string;
  tagline: string;
  introduction: string;
  services: string;
  location: string;
  contact_email: string;
  links: string;
  accent_color: string;
  reply_promise: string;
  content_language: string;
  time_zone: string;
}

const lines = (text: string) => text.split(/\r?\n/).map((l) => l.trim());

/**
 * `Name: rest` → [name, rest]; a line without `: ` is all name. A service splits at its first
 * `: ` (its description may hold more); a link at its last, as its URL holds no space but its
 * label may hold `: ` (`Shop: EU: https://…`, as an imported profile can have it).
 */
function splitLine(line: string, at = line.indexOf(': ')): [string, string] {
  return at < 0 ? [line.replace(/:$/, ''), ''] : [line.slice(0, at).trim(), line.slice(at + 2).trim()];
}

/** The form as profile input for studioProfileSchema; blank lines are skipped, line numbers kept for errors. */
export function profileInput(values: ProfileFormValues): { input: Record<string, unknown>; serviceLines: number[]; linkLines: number[] } {
  const serviceLines: number[] = [];
  const services = lines(values.services).flatMap((line, i) => {
    if (!line) return [];
    serviceLines.push(i + 1);
    const [name, description] = splitLine(line);
    return [{ name, description }];
  });
  const linkLines: number[] = [];
  const links = lines(values.links).flatMap((line, i) => {
    if (!line) return [];
    linkLines.push(i + 1);
    // `GitHub https://github.com/studio`, the colon left out, is read as meant.
    const spaced = line.includes(': ') ? null : /^(.*\S)\s+(https?:\/\/\S+)$/.exec(line);
    const [label, url] = spaced ? [spaced[1]!, spaced[2]!] : splitLine(line, line.lastIndexOf(': '));
    return [{ label, url }];
  });
  const optional = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    input: {
      name: values.name,
      tagline: values.tagline,
      introduction: values.introduction.replace(/\r\n?/g, '\n'),
      services,
      location: optional(values.location),
      contact_email: optional(values.contact_email),
      links,
      accent_color: values.accent_color.trim(),
      reply_promise: values.reply_promise,
      content_language: values.content_language,
      time_zone: values.time_zone,
    },
    serviceLines,
    linkLines,
  };
}

/** Validation errors of profileInput as messages per form field, naming the line of a list. */
export function profileFormErrors(errors: readonly FieldError[], serviceLines: number[], linkLines: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const [field, index, part] = e.path.split('.');
    if (!field || out[field]) continue;
    const lineOf = field === 'services' ? serviceLines : field === 'links' ? linkLines : null;
    if (lineOf && index !== undefined && /^\d+$/.test(index)) out[field] = `line ${lineOf[Number(index)] ?? Number(index) + 1}${part ? ` (${part})` : ''}: ${e.message}`;
    else out[field] = e.message;
  }
  return out;
}

export function profileFormValues(profile: StudioProfile): ProfileFormValues {
  return {
    name: profile.name,
    tagline: profile.tagline,
    introduction: profile.introduction,
    services: profile.services.map((s) => (s.description ? `${s.name}: ${s.description}` : s.name)).join('\n'),
    location: profile.location ?? '',
    contact_email: profile.contact_email ?? '',
    links: profile.links.map((l) => `${l.label}: ${l.url}`).join('\n'),
    accent_color: profile.accent_color,
    reply_promise: profile.reply_promise ?? '',
    content_language: profile.content_language ?? '',
    time_zone: profile.time_zone ?? DEFAULT_TIME_ZONE,
  };
}
