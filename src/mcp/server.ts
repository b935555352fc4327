import { McpServer } from '@modelcontextprotocol/server';
import type { McpCall, McpDeps } from './context.js';
import { SERVER_NAME, SERVER_VERSION, serverInstructions } from './instructions.js';
import { registerGetProject } from './tools/get-project.js';
import { registerListFacets } from './tools/list-facets.js';
import { registerSearchProjects } from './tools/search-projects.js';
import { registerSubmitInquiry } from './tools/submit-inquiry.js';

/**
 * One McpServer per request (stateless serving): cheap, because the tool schemas are module
 * constants, and it lets each request carry its own principal into the tools.
 */
export function buildMcpServer(deps: McpDeps, call: McpCall): McpServer {
  // The tool list is fixed for the life of the process and a stateless server sends no
  // notifications, so clients must not wait for tools/list_changed (MCP server/tools §List Changed).
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: serverInstructions(deps.baseUrl), capabilities: { tools: { listChanged: false } } });
  registerSearchProjects(server, deps);
  registerGetProject(server, deps);
  registerListFacets(server, deps);
  registerSubmitInquiry(server, deps, call);
  return server;
}
