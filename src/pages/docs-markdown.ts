import type { OpenApiDocument } from '../http/openapi/types.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** /docs as Markdown: every documented operation in one line each, grouped by tag, linking the full description. */
export function docsMarkdown(baseUrl: string, doc: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      const summary = (operation.summary ?? '').replace(/\s+/g, ' ').trim();
      groups.set(tag, [...(groups.get(tag) ?? []), `- \`${method.toUpperCase()} ${path}\`${summary ? `: ${summary}` : ''}`]);
    }
  }
  const title = typeof doc.info.title === 'string' ? doc.info.title : 'vitrine';
  const version = typeof doc.info.version === 'string' ? doc.info.version : '';
  const lines = [
    `# ${/\bAPI$/.test(title) ? title : `${title} API`}`,
    '',
    `> Version ${version}. The complete, machine-readable description is the OpenAPI 3.1 document at <${baseUrl}/openapi.json>; the interactive reference is <${baseUrl}/docs>.`,
    '',
    `Reads need no credential. Writes accept an optional bearer token and an \`Idempotency-Key\`; see <${baseUrl}/auth.md>. Errors are RFC 9457 \`application/problem+json\` documents with a stable \`error\` code.`,
    '',
  ];
  for (const [tag, operations] of groups) lines.push(`## ${tag}`, '', ...operations, '');
  return lines.join('\n');
}
