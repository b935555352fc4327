import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, ResourceTemplate, type McpServer, type ReadResourceResult, type Resource } from '@modelcontextprotocol/server';
import type { ApiProject } from '../catalog/api-project.js';
import { SLUG_PATTERN } from '../catalog/project.js';
import { NotFoundError, ValidationError } from '../lib/errors.js';
import { projectMarkdown } from '../pages/project-markdown.js';
import type { McpDeps } from './context.js';
import { wireError } from './handler-errors.js';

/** Resources per resources/list page: the REST maximum, so one page is one cached catalog read. */
const PAGE_SIZE = 100;
const MARKDOWN = 'text/markdown';

/**
 * A project's resource URI is the URL of its Markdown mirror: stable for as long as PUBLIC_URL
 * and the slug are, and fetchable without MCP (MCP server/resources §"Common URI Schemes":
 * https:// when the client can fetch the resource itself).
 */
export function projectResourceUri(baseUrl: string, slug: string): string {
  return `${baseUrl}/projects/${slug}.md`;
}

export function projectUriTemplate(baseUrl: string): string {
  return `${baseUrl}/projects/{slug}.md`;
}

function describe(baseUrl: string, project: ApiProject): Resource {
  return {
    uri: projectResourceUri(baseUrl, project.slug),
    name: project.slug,
    title: project.title,
    description: project.summary,
    mimeType: MARKDOWN,
    // MCP 2025-06-18 server/resources §Annotations: lastModified is an ISO 8601 timestamp.
    annotations: { audience: ['user', 'assistant'], lastModified: project.updated_at },
  };
}

/**
 * A project resource's text: the same document as the project's Markdown mirror URL, related
 * work included. resources/read and the draft_inquiry prompt's embedded resource both use it, so
 * one URI never stands for two texts.
 */
export async function projectResourceText(deps: McpDeps, project: ApiProject): Promise<string> {
  const { projects: related } = await deps.catalog.relatedTo(project);
  return projectMarkdown(project, deps.baseUrl, related);
}

async function read(deps: McpDeps, uri: string, slug: string): Promise<ReadResourceResult> {
  if (slug.length > 80 || !SLUG_PATTERN.test(slug)) throw new ResourceNotFoundError(uri);
  try {
    const project = (await deps.catalog.get(slug)).value;
    return { contents: [{ uri, mimeType: MARKDOWN, text: await projectResourceText(deps, project), _meta: { lastModified: project.updated_at } }] };
  } catch (error) {
    if (error instanceof NotFoundError) throw new ResourceNotFoundError(uri);
    throw wireError(deps.logger, 'resources/read', error);
  }
}

/**
 * Every published project as a resource (its Markdown mirror), a template for project URIs,
 * and resources/list paged with the catalog's own opaque cursors. The list only changes with
 * the catalog and a stateless server sends no notifications: listChanged is false (server.ts).
 */
export function registerProjectResources(server: McpServer, deps: McpDeps): void {
  server.registerResource(
    'project',
    new ResourceTemplate(projectUriTemplate(deps.baseUrl), { list: undefined }),
    { title: 'Portfolio project (Markdown)', description: 'One delivered project of the catalog as Markdown: facts, write-up, images and how to start an inquiry. {slug} is a slug from search_projects.', mimeType: MARKDOWN },
    (uri, variables) => read(deps, uri.href, String(variables.slug ?? '')),
  );

  // MCP server/utilities/pagination: an opaque cursor, nextCursor until the last page, and
  // -32602 for a cursor the server did not issue. The SDK's own list handler does not page.
  server.server.setRequestHandler('resources/list', async (request) => {
    const cursor = request.params?.cursor;
    try {
      const page = (await deps.catalog.list({ sort: 'title', limit: PAGE_SIZE, cursor })).value;
      return { resources: page.data.map((p) => describe(deps.baseUrl, p)), ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}) };
    } catch (error) {
      if (error instanceof ValidationError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: pass back a nextCursor from resources/list unchanged.');
      throw wireError(deps.logger, 'resources/list', error);
    }
  });
}
