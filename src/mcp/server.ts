import { McpServer } from '@modelcontextprotocol/server';
import type { McpCall, McpDeps } from './context.js';
import { SERVER_NAME, SERVER_VERSION, serverInstructions } from './instructions.js';
import { registerGetProject } from './tools/get-project.js';
import { registerGetStudio } from './tools/get-studio.js';
import { registerListFacets } from './tools/list-facets.js';
import { registerSearchProjects } from './tools/search-projects.js';
import { registerSubmitInquiry } from './tools/submit-inquiry.js';
import { registerProjectResources } from './resources.js';
import { registerPrompts } from './prompts.js';
import { answerInvalidParamsAsSuch } from './invalid-params.js';
import { refuseCursorsOnUnpagedLists } from './unpaged-lists.js';
import { nameTheKnownOnes } from './unknown-names.js';

/**
 * The tool and prompt lists are fixed for the life of the process, and a stateless server
 * sends no notifications, so clients must not wait for list_changed (MCP server/tools,
 * server/prompts and server/resources §List Changed). Resources follow the catalog, which a
 * client re-reads with resources/list; there is no subscription either.
 */
export const SERVER_CAPABILITIES = Object.freeze({ tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } });

/**
 * One McpServer per request (stateless serving): cheap, because the tool schemas are module
 * constants, and it lets each request carry its own principal into the tools.
 */
export function buildMcpServer(deps: McpDeps, call: McpCall): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, {
    instructions: serverInstructions(deps.baseUrl),
    capabilities: SERVER_CAPABILITIES,
    ...(call.versions ? { supportedProtocolVersions: [...call.versions] } : {}),
  });
  registerSearchProjects(server, deps, call);
  registerGetProject(server, deps, call);
  registerListFacets(server, deps, call);
  registerGetStudio(server, deps, call);
  registerSubmitInquiry(server, deps, call);
  registerProjectResources(server, deps);
  registerPrompts(server, deps);
  refuseCursorsOnUnpagedLists(server);
  nameTheKnownOnes(server);
  answerInvalidParamsAsSuch(server);
  return server;
}
