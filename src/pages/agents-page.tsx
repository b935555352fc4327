import type { FC } from 'hono/jsx';
import { SANDBOX_SCENARIOS } from '../model/sandbox-scenarios.js';
import { AGENT_FILES as FILES } from './agents-content.js';
import { Layout, type Site } from './layout.js';

const Code: FC<{ children?: unknown }> = ({ children }) => <code>{children}</code>;

/**
 * /agents: what AI agents can do with this catalog, in plain words for the people who build or
 * run them, linking the machine-readable files that say the same thing precisely.
 */
export const AgentsPage: FC<{ site: Site }> = ({ site }) => {
  const b = site.baseUrl;
  return (
    <Layout site={site} title={`For AI agents — ${site.name}`} description="How AI agents can search this studio's work and send inquiries: REST, MCP, authentication and a sandbox." canonicalPath="/agents" current="agents">
      <div class="wrap agents prose">
        <p class="eyebrow">For AI agents</p>
        <h1>Let your agent browse our work and get in touch</h1>
        <p class="lead">
          Everything on this site is open to AI agents too: they can search the projects we have delivered, read each case study and send us an inquiry on your behalf. No account, no waiting list.
        </p>

        <h2 id="rest">Through the REST API</h2>
        <p>
          Reading needs no key. <Code>GET {b}/api/v1/projects?q=booking</Code> searches the catalog; filters, paging and every field are described in the{' '}
          <a href="/docs">API reference</a> and in <a href="/openapi.json">openapi.json</a>. <Code>POST {b}/api/v1/inquiries</Code> sends us an inquiry; send an{' '}
          <Code>Idempotency-Key</Code> header so that a retry never sends it twice.
        </p>

        <h2 id="mcp">Through MCP</h2>
        <p>
          Agents that speak the Model Context Protocol can connect to <Code>{b}/mcp</Code> (Streamable HTTP). It offers five tools: <Code>get_studio</Code>,{' '}
          <Code>search_projects</Code>, <Code>get_project</Code>, <Code>list_facets</Code> and <Code>submit_inquiry</Code>. Add it to your MCP client as a remote server with that URL.
        </p>

        <h2 id="auth">Keys and sign-in</h2>
        <p>
          A key is optional: it lets us tell your agent’s inquiries apart and answer them in context. Get one instantly at <a href="/api/v1/keys" rel="nofollow">/api/v1/keys</a>, or let your agent
          register itself with OAuth 2.0 (anonymous client registration, then <Code>client_credentials</Code>). Send it as <Code>Authorization: Bearer …</Code>. A key that has
          been revoked or has expired is refused with a 401, never silently ignored. The <a href="/auth.md">authentication walkthrough</a> has every step.
        </p>

        <h2 id="sandbox">A sandbox to rehearse in</h2>
        <p>
          Under <a href={`${b}/api/v1/sandbox`}><Code>{b}/api/v1/sandbox</Code></a> your agent finds a small fictional catalog and an inquiry endpoint that checks and answers exactly like the real one, but stores
          nothing. Failures can be rehearsed on purpose: the <Code>Sandbox-Scenario</Code> request header names the error to produce (
          {SANDBOX_SCENARIOS.map((s, i) => (
            <>
              {i > 0 ? ', ' : ''}
              <Code>{s}</Code>
            </>
          ))}
          ), and the answer says it was rehearsed in a <Code>Sandbox-Scenario</Code> response header.
        </p>

        <h2 id="files">Files for machines</h2>
        <ul class="file-list">
          {FILES.map(({ path, what }) => (
            <li>
              <a href={path}>
                <code>{path}</code>
              </a>{' '}
              — {what}
            </li>
          ))}
        </ul>
        <p>
          People are welcome too: <a href="/">browse the work</a> or <a href="/inquire">start a project</a>.
        </p>
      </div>
    </Layout>
  );
};
