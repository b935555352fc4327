import { markdownText } from './project-markdown.js';

/** /inquire as Markdown: how an agent (or its person) sends an inquiry, by REST or by MCP. */
export function inquireMarkdown(site: { name: string; baseUrl: string }, project: { slug: string; title: string } | null): string {
  const b = site.baseUrl;
  const slugs = project ? `, "project_slugs": ["${project.slug}"]` : '';
  return [
    `# Send ${markdownText(site.name)} an inquiry`,
    '',
    project ? `> About: ${markdownText(project.title)} (<${b}/projects/${project.slug}.md>)` : '> Tell the studio what you need; name catalog projects it resembles if you like.',
    '',
    'Fields: `name`, `email`, `message` (10–5000 characters) and optionally `company`, `budget`, `timeline` (≤ 200 characters each) and `project_slugs` (slugs from the catalog; an unknown one is refused).',
    '',
    '## Over REST',
    '',
    '```sh',
    `curl -s -X POST ${b}/api/v1/inquiries \\`,
    "  -H 'Content-Type: application/json' -H 'Idempotency-Key: <a unique value per inquiry>' \\",
    `  -d '{"name": "Ada Lovelace", "email": "ada@example.com", "message": "We would like something like this."${slugs}}'`,
    '```',
    '',
    `Success is \`201 Created\` with \`Location\` and \`{"id", "status": "received", "created_at"}\`. Rehearse first at \`POST ${b}/api/v1/sandbox/inquiries\`: it validates the same way and stores nothing. A bearer token is optional and attributes the inquiry to your client (<${b}/auth.md>). The API is described at <${b}/openapi.json>.`,
    '',
    '## Over MCP',
    '',
    `Connect to <${b}/mcp> (Streamable HTTP) and call the tool \`submit_inquiry\` with the same fields plus \`idempotency_key\` (and \`sandbox: true\` to rehearse). The prompt \`draft_inquiry\` helps write the message.`,
    '',
    '## For people',
    '',
    `The form at <${b}/inquire${project ? `?project=${project.slug}` : ''}> sends the same inquiry.`,
    '',
  ].join('\n');
}
