import matter from 'gray-matter';
import { CORE_SCHEMA, dump, load } from 'js-yaml';
import type { FieldError } from '../../lib/errors.js';

/**
 * YAML with the core schema: `2026-01-01T00:00:00Z` stays a string (no Date objects), and
 * `yes`/`no` stay strings, so what a file says is what the schema sees.
 */
const engines = {
  yaml: {
    parse: (text: string) => (load(text, { schema: CORE_SCHEMA }) ?? {}) as object,
    stringify: (data: object) => dump(data, { schema: CORE_SCHEMA, lineWidth: -1, noRefs: true }),
  },
};

export interface FrontMatterFile {
  data: Record<string, unknown>;
  /** The Markdown body, without the blank line after the front matter and the final newline. */
  body: string;
  /** 1-based line of each top-level key, for errors. */
  lines: Map<string, number>;
}

/** Parses `text` (the file `name`); a syntax error is one field error with the file and line. */
export function parseFrontMatter(text: string, name: string): FrontMatterFile | FieldError {
  const normalized = text.replace(/\r\n/g, '\n');
  if (!normalized.startsWith('---\n')) return { path: `${name}:1`, message: 'expected YAML front matter between "---" lines at the top' };
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(normalized, { engines });
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    // The front matter starts on line 2 of the file; js-yaml counts its lines from 0.
    const at = typeof mark?.line === 'number' ? `${name}:${mark.line + 2}` : name;
    return { path: at, message: `invalid YAML: ${(error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0]}` };
  }
  if (typeof parsed.data !== 'object' || parsed.data === null || Array.isArray(parsed.data)) {
    return { path: `${name}:2`, message: 'the front matter must be a mapping of fields' };
  }
  const lines = new Map<string, number>();
  const all = normalized.split('\n');
  const end = all.indexOf('---', 1);
  all.slice(0, end === -1 ? all.length : end).forEach((line, index) => {
    const key = /^([A-Za-z_][A-Za-z0-9_]*)\s*:/.exec(line)?.[1];
    if (key && index > 0 && !lines.has(key)) lines.set(key, index + 1);
  });
  let body = parsed.content.startsWith('\n') ? parsed.content.slice(1) : parsed.content;
  if (body.endsWith('\n')) body = body.slice(0, -1);
  return { data: parsed.data as Record<string, unknown>, body, lines };
}

/** The file form: front matter, a blank line, the body and a final newline (what parseFrontMatter reads back). */
export function stringifyFrontMatter(data: Record<string, unknown>, body: string): string {
  return `---\n${engines.yaml.stringify(data)}---\n\n${body}\n`;
}

/** `file:line: field` for a field error, the line of its top-level key when known. */
export function fieldAt(name: string, file: Pick<FrontMatterFile, 'lines'>, field: string): string {
  const line = file.lines.get(field.split('.')[0]!);
  return `${line ? `${name}:${line}` : name}: ${field}`;
}
