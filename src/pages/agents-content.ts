import { SANDBOX_SCENARIOS } from '../model/sandbox-scenarios.js';
import { markdownText } from './project-markdown.js';

/** The machine-readable files an agent (or its developer) starts from, in reading order. */
export const AGENT_FILES: readonly { path: string; what: string }[] = [
  { path: '/llms.txt', what: 'a plain-text map of this site for language models' },
  { path: '/openapi.json', what: 'the OpenAPI 3.1 description of every API operation' },
  { path: '/auth.md', what: 'the authentication walkthrough, step by step, with this server’s URLs' },
  { path: '/.well-known/api-catalog', what: 'the API catalog (RFC 9727) linking all of the above' },
  { path: '/.well-known/oauth-authorization-server', what: 'OAuth authorization server metadata (RFC 8414)' },
  { path: '/.well-known/oauth-protected-resource', what: 'protected resource metadata (RFC 9728)' },
  { path: '/sitemap.xml', what: 'every project page; each also has a Markdown copy at /projects/{slug}.md' },
  { path: '/problems', what: 'what each error answer (an RFC 9457 problem’s type) means, and what to do about it' },
];

/** The MCP tools, as the page names them (test/http/pages-assets.test.ts checks them against tools/list). */
export const MCP_TOOLS = ['get_studio', 'search_projects', 'get_project', 'list_facets', 'submit_inquiry'] as const;

/** /agents as Markdown: the page's facts for an agent that reads it itself. */
export function agentsMarkdown(site: { name: string; baseUrl: string }): string {
  const b = site.baseUrl;
  const code = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ');
  return [
    `# Agents and ${markdownText(site.name)}: browse the work, send an inquiry`,
    '',
    'Everything on this site is open to AI agents: search the delivered projects, read each case study, and send an inquiry. No account, no waiting list.',
    '',
    '## REST API',
    '',
    `Reading needs no key. \`GET ${b}/api/v1/projects?q=booking\` searches the catalog; filters, paging and every field are in <${b}/openapi.json> (summary: <${b}/docs.md>). \`POST ${b}/api/v1/inquiries\` sends an inquiry; send an \`Idempotency-Key\` header so a retry never sends it twice (how: <${b}/inquire.md>).`,
    '',
    '## MCP',
    '',
    `Connect to <${b}/mcp> (Streamable HTTP). Tools: ${code(MCP_TOOLS)}.`,
    '',
    '## Keys and sign-in',
    '',
    `A key is optional: it tells this studio your agent's inquiries apart. Get one at \`GET ${b}/api/v1/keys\`, or register with OAuth 2.0 (anonymous dynamic client registration, then \`client_credentials\`), and send it as \`Authorization: Bearer …\`. A revoked or expired key is a 401, never silently ignored. Every step: <${b}/auth.md>.`,
    '',
    '## Sandbox',
    '',
    `<${b}/api/v1/sandbox> holds a small fictional catalog and an inquiry endpoint that checks and answers like the real one but stores nothing. The \`Sandbox-Scenario\` request header rehearses a failure (${code(SANDBOX_SCENARIOS)}); the answer names it in a \`Sandbox-Scenario\` response header.`,
    '',
    '## Files for machines',
    '',
    ...AGENT_FILES.map(({ path, what }) => `- <${b}${path}>: ${what}`),
    '',
  ].join('\n');
}
