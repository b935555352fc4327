import type { ApiProject } from '../catalog/api-project.js';
import { humanize } from './labels.js';

/** Markdown inline text: characters that would start markup are backslash-escaped. */
export function markdownText(value: string): string {
  return value.replace(/([\\`*_[\]<>#|])/g, '\\$1').replace(/\s+/g, ' ').trim();
}

/**
 * The Markdown mirror of a project page, for agents and LLM tools: the same facts as the HTML
 * page without navigation or styling. The description is already Markdown and is kept as is.
 * `related`: other work of its industry, as the page shows it.
 */
export function projectMarkdown(project: ApiProject, baseUrl: string, related: readonly ApiProject[] = []): string {
  const list = (values: string[]) => (values.length > 0 ? values.map((v) => markdownText(humanize(v))).join(', ') : '—');
  const lines = [
    `# ${markdownText(project.title)}`,
    '',
    `> ${markdownText(project.summary)}`,
    '',
    `- Client: ${project.client ? markdownText(project.client) : '—'}`,
    `- Industry: ${markdownText(humanize(project.industry))}`,
    `- Year: ${project.year}`,
    `- Services: ${list(project.services)}`,
    `- Technologies: ${list(project.technologies)}`,
    `- Tags: ${list(project.tags)}`,
    ...(project.url ? [`- Live site: <${project.url}>`] : []),
    `- Web page: <${project.links.html}>`,
    `- JSON: <${project.links.self}>`,
    '',
    '## About the project',
    '',
    project.description.trim() || markdownText(project.summary),
    '',
  ];
  if (project.images.length > 0) {
    lines.push('## Images', '');
    for (const image of project.images) lines.push(`![${markdownText(image.alt)}](<${image.url}>)`);
    lines.push('');
  }
  lines.push(
    '## Start an inquiry',
    '',
    `People can use the form at <${baseUrl}/inquire?project=${project.slug}>. Agents can send \`POST ${baseUrl}/api/v1/inquiries\` with \`"project_slugs": ["${project.slug}"]\`, or call the MCP tool \`submit_inquiry\` at <${baseUrl}/mcp>.`,
    '',
  );
  if (related.length > 0) {
    const industry = markdownText(humanize(project.industry));
    lines.push(`## More ${industry.toLowerCase()} work`, '', ...related.map((p) => `- [${markdownText(p.title)}](<${baseUrl}/projects/${p.slug}.md>): ${markdownText(p.summary)}`));
    lines.push(`- [All ${industry} projects](<${baseUrl}/index.md?industry=${encodeURIComponent(project.industry)}>)`, '');
  }
  return lines.join('\n');
}
