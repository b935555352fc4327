import { PROBLEMS_PATH, type ProblemType } from '../lib/problem-types.js';
import { markdownText } from './project-markdown.js';

// The registry's texts are written for both forms: `code` spans are Markdown already, and the
// rest is plain prose, so they go in as they are.

function entry(type: ProblemType, baseUrl: string, heading: '#' | '##'): string[] {
  return [
    `${heading} ${type.title}`,
    '',
    `HTTP ${type.status.join(', ')} · \`"error": "${type.code}"\` · \`"type": "${baseUrl}${PROBLEMS_PATH}/${type.slug}"\``,
    '',
    type.meaning,
    '',
    `**What to do:** ${type.remedy}`,
  ];
}

/** /problems/{type} as Markdown (RFC 9457 §3.1.1): what the problem means and what to do. */
export function problemTypeMarkdown(site: { name: string; baseUrl: string }, type: ProblemType): string {
  const b = site.baseUrl;
  return [
    ...entry(type, b, '#'),
    '',
    `Every error answer of the ${markdownText(site.name)} API is an RFC 9457 problem document (\`application/problem+json\`) whose \`type\` is a page like this one. All problem types: <${b}${PROBLEMS_PATH}.md>. API reference: <${b}/openapi.json>. Authentication: <${b}/auth.md>.`,
    '',
  ].join('\n');
}

/** /problems as Markdown: every problem type, each under its own heading. */
export function problemTypesMarkdown(site: { name: string; baseUrl: string }, types: readonly ProblemType[]): string {
  const b = site.baseUrl;
  return [
    `# Problem types of the ${markdownText(site.name)} API`,
    '',
    'Every error answer of the API is an RFC 9457 problem document: `type` links to one of these, `error` is the stable code to branch on, and `detail` says what happened to this request. The OAuth endpoints answer RFC 6749 errors instead (`invalid_client`, `invalid_grant`, …), as <' + b + '/auth.md> describes.',
    '',
    ...types.flatMap((type) => [...entry(type, b, '##'), '']),
  ].join('\n');
}
