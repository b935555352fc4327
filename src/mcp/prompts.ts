import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SLUG_PATTERN } from '../catalog/project.js';
import { NotFoundError } from '../lib/errors.js';
import type { McpDeps } from './context.js';
import { wireError } from './handler-errors.js';
import { projectResourceText, projectResourceUri } from './resources.js';

// Prompt arguments are strings (MCP server/prompts §PromptArgument); built once at module load.
const need = z.string().trim().min(1).max(2000).describe('What the client needs, in their own words (e.g. "a booking app for a chain of dental clinics").');

export const findSimilarWorkArgs = z.object({ need });
export const draftInquiryArgs = z.object({
  need,
  project_slug: z.string().trim().min(1).max(80).describe('The catalog project the inquiry refers to, as returned by search_projects.'),
});

function userText(text: string): GetPromptResult['messages'][number] {
  return { role: 'user', content: { type: 'text', text } };
}

/**
 * Prompts an agent can run with the tools: find comparable delivered work, and draft an
 * inquiry about one project (the project's Markdown mirror is embedded as a resource).
 */
export function registerPrompts(server: McpServer, deps: McpDeps): void {
  server.registerPrompt(
    'find_similar_work',
    { title: 'Find similar work', description: 'Find projects in the portfolio that resemble what a client needs, and explain why each fits.', argsSchema: findSimilarWorkArgs },
    ({ need }) => ({
      description: 'Search the portfolio for work similar to a need',
      messages: [
        userText(
          [
            `A prospective client needs: ${need}`,
            '',
            'Find the studio\'s most relevant delivered projects:',
            '1. Call list_facets to learn the industries, services, technologies and tags the catalog uses.',
            '2. Call search_projects with a short q drawn from the need, and again with the matching facet filters; page with next_cursor if needed.',
            '3. Call get_project for the 3 to 5 best candidates.',
            'Answer with each project\'s title, slug, year and page URL, and one sentence on why it matches the need. Say plainly if nothing fits.',
          ].join('\n'),
        ),
      ],
    }),
  );

  server.registerPrompt(
    'draft_inquiry',
    { title: 'Draft an inquiry', description: 'Draft an inquiry to the studio about one catalog project, ready for submit_inquiry.', argsSchema: draftInquiryArgs },
    async ({ need, project_slug }) => {
      if (!SLUG_PATTERN.test(project_slug)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'project_slug is not a catalog slug; find one with search_projects.');
      const project = await deps.catalog.get(project_slug).then(
        (entry) => entry.value,
        (error: unknown) => {
          if (error instanceof NotFoundError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No published project has the slug "${project_slug}"; find one with search_projects.`);
          throw wireError(deps.logger, 'prompts/get', error);
        },
      );
      // The embedded resource is the one resources/read serves at this URI, byte for byte.
      const text = await projectResourceText(deps, project).catch((error: unknown) => {
        throw wireError(deps.logger, 'prompts/get', error);
      });
      return {
        description: `Draft an inquiry about ${project.title}`,
        messages: [
          { role: 'user', content: { type: 'resource', resource: { uri: projectResourceUri(deps.baseUrl, project.slug), mimeType: 'text/markdown', text } } },
          userText(
            [
              `Draft an inquiry to the studio about the project above ("${project.title}", slug ${project.slug}) for this need: ${need}`,
              '',
              'Write a message of 10 to 5000 characters that says what is needed, how it relates to this project, and any budget or timeline the person mentioned (do not invent them).',
              'Ask the person for their name and email if you do not have them. Then call submit_inquiry with name, email, message, project_slugs: ["' + project.slug + '"], budget and timeline if known, and a fresh idempotency_key (reuse it on retries).',
              'Call it with sandbox: true first if you want to check the fields without sending anything.',
            ].join('\n'),
          ),
        ],
      };
    },
  );
}
