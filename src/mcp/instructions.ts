/** Server identity reported to MCP clients; keep the version equal to package.json's (a test checks). */
export const SERVER_NAME = 'vitrine';
export const SERVER_VERSION = '0.1.0';

/**
 * What an agent reads first (`initialize` / `server/discover` `instructions`): what the catalog
 * is, how the tools fit together, that a sandbox exists and where authentication is explained.
 */
export function serverInstructions(baseUrl: string): string {
  return [
    'This is a studio\'s public portfolio catalog: delivered projects with their industry, services, technologies, tags and year.',
    'Call get_studio for who the studio is, what it offers and where it is; list_facets to learn valid filter values, search_projects to find projects (pass next_cursor back to page) and get_project for full details by slug; submit_inquiry sends the studio an inquiry, always with an idempotency_key, and sandbox: true rehearses it without storing anything.',
    `Reads need no credential; to attribute inquiries, send a bearer token obtained as described at ${baseUrl}/auth.md.`,
  ].join(' ');
}
