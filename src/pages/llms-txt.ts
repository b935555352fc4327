import type { StudioProfile } from '../studio/profile.js';
import type { SomeProjects } from './all-projects.js';
import { SERVER_CARD_PATH } from '../mcp/server-card.js';
import { projectMarkdown } from './project-markdown.js';

/** One line of text for a Markdown link list: no line breaks, no stray link syntax. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').replace(/([[\]])/g, '\\$1').trim();
}

/** The site as llms.txt describes it: its name and, when known, the studio profile. */
export interface LlmsSite {
  name: string;
  baseUrl: string;
  studio?: StudioProfile | undefined;
}

/** What the studio does, where it is and how to reach it, before the links. */
function studioSection(site: LlmsSite): string[] {
  const studio = site.studio;
  if (!studio) return [];
  const lines: string[] = [];
  // Headings in the introduction would open sections of their own: they become plain lines.
  if (studio.introduction.trim()) lines.push(studio.introduction.trim().replace(/^#{1,6}\s+/gm, ''), '');
  const facts = [studio.location ? `Location: ${oneLine(studio.location)}` : null, studio.contact_email ? `Contact: ${studio.contact_email}` : null].filter((f) => f !== null);
  if (facts.length > 0) lines.push(facts.join('. ') + '.', '');
  if (studio.services.length > 0) {
    lines.push('Services:', '');
    for (const s of studio.services) lines.push(`- ${oneLine(s.name)}${s.description ? `: ${oneLine(s.description)}` : ''}`);
    lines.push('');
  }
  return lines;
}

/**
 * /llms.txt (https://llmstxt.org): an H1, a one-paragraph summary in a block quote, then
 * sections of annotated links — how an agent finds the API, MCP, sandbox, auth and each
 * project's Markdown mirror without scraping HTML.
 */
export function llmsTxt(site: LlmsSite, { projects, more }: SomeProjects): string {
  const b = site.baseUrl;
  const studio = site.studio;
  const lines = [
    `# ${oneLine(site.name)} portfolio catalog`,
    '',
    `> ${oneLine(site.name)}${studio?.tagline ? ` (${oneLine(studio.tagline)})` : ''} publishes the projects its studio has delivered (client, industry, services, technologies, year, images and a write-up) and takes project inquiries. Reading needs no credential. Agents can use the REST API, the MCP endpoint, or the Markdown mirror of every project page.`,
    '',
    ...studioSection(site),
    'Everything here is also available as HTML for people at the site root. Inquiries sent through the API or MCP reach the same inbox as the web form. Try writes in the sandbox first: it validates exactly like the real API but stores nothing.',
    '',
    '## API',
    '',
    `- [OpenAPI 3.1 description](${b}/openapi.json): every REST endpoint, parameter and response schema`,
    `- [API reference](${b}/docs): human-readable documentation of the same API`,
    `- [Search projects](${b}/api/v1/projects): \`GET\` with \`q\`, \`tag\`, \`industry\`, \`service\`, \`technology\`, \`year\`, \`featured\`, \`sort\`, \`limit\`, \`cursor\``,
    `- [Facets](${b}/api/v1/facets): valid filter values with counts; with \`q\` and filters, the counts and \`total\` of just what that search lists`,
    `- [Studio](${b}/api/v1/studio): who the studio is, its services, location, contact and links`,
    `- [Submit an inquiry](${b}/api/v1/inquiries): \`POST\` JSON \`{name, email, message, project_slugs?, company?, budget?, timeline?}\` with an \`Idempotency-Key\` header`,
    `- [API catalog](${b}/.well-known/api-catalog): RFC 9727 linkset of the service's APIs`,
    '',
    '## MCP',
    '',
    `- [MCP endpoint](${b}/mcp): Streamable HTTP, stateless; tools \`get_studio\`, \`search_projects\`, \`get_project\`, \`list_facets\`, \`submit_inquiry\`; every project as a \`text/markdown\` resource; prompts \`find_similar_work\`, \`draft_inquiry\``,
    `- [MCP server card](${b}${SERVER_CARD_PATH}): SEP-2127 server card with the endpoint, protocol versions, tools and authorization`,
    '',
    '## Sandbox',
    '',
    `- [Sandbox](${b}/api/v1/sandbox/projects): a fixed fixture catalog under \`/api/v1/sandbox/\`; \`POST ${b}/api/v1/sandbox/inquiries\` validates and answers like the real path but discards the write`,
    '',
    '## Authentication',
    '',
    `- [auth.md](${b}/auth.md): reads need no credential; writes accept an optional bearer token (anonymous client registration + client_credentials, identity assertions, or a free API key from \`${b}/api/v1/keys\`)`,
    `- [Protected resource metadata](${b}/.well-known/oauth-protected-resource) and [authorization server metadata](${b}/.well-known/oauth-authorization-server)`,
    '',
  ];
  if (projects.length > 0) {
    lines.push('## Projects', '');
    for (const p of projects) lines.push(`- [${oneLine(p.title)}](${p.links.html}.md): ${oneLine(p.summary)}`);
    // A bounded list says so, rather than passing for the whole catalog.
    if (more) lines.push(`- [More projects](${b}/api/v1/projects?sort=title): the catalog publishes more than the ${projects.length} listed here by title; the API pages through all of them, and the [sitemap](${b}/sitemap.xml) names every page`);
    lines.push('');
  }
  lines.push(
    '## Optional',
    '',
    `- [Full catalog](${b}/llms-full.txt): ${more ? `the Markdown of the ${projects.length} projects listed above` : "every published project's Markdown"} in one document`,
    `- [Catalog as Markdown](${b}/index.md), [how to inquire](${b}/inquire.md), [API summary](${b}/docs.md), [problem types](${b}/problems.md), [for agents](${b}/agents.md): the human pages as Markdown (also \`Accept: text/markdown\`)`,
    `- [Sitemap](${b}/sitemap.xml): every published project page`,
    `- [Web catalog](${b}/): the same catalog for people`,
    '',
  );
  return lines.join('\n');
}

/**
 * /llms-full.txt (the llmstxt.org companion): the llms.txt overview followed by every published
 * project's Markdown mirror, so one fetch gives an agent the whole catalog.
 */
export function llmsFullTxt(site: LlmsSite, some: SomeProjects): string {
  const parts = [llmsTxt(site, some).trimEnd(), '', '---', '', '# Projects in full', ''];
  const projects = some.projects;
  for (const project of projects) {
    // One heading level down, so each project sits under "Projects in full".
    parts.push(projectMarkdown(project, site.baseUrl).replace(/^(#{1,5}) /gm, '#$1 ').trimEnd(), '', '---', '');
  }
  return parts.join('\n');
}
