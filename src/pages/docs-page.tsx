import type { FC } from 'hono/jsx';
import { Layout, type Site } from './layout.js';

/**
 * /docs: the interactive API reference (Swagger UI, served from this origin) inside the site's
 * own header and footer. Scripts are external files only: the page's CSP allows no inline script.
 */
export const DocsPage: FC<{ site: Site; assetsPath: string }> = ({ site, assetsPath }) => (
  <Layout
    site={site}
    title={`API reference — ${site.name}`}
    description="Every operation of this studio's catalog API: search, projects, inquiries, the sandbox and OAuth."
    canonicalPath="/docs"
    head={
      <>
        <link rel="stylesheet" href={`${assetsPath}/swagger-ui.css`} />
        <link rel="stylesheet" href={`${assetsPath}/docs.css`} />
      </>
    }
  >
    <section class="wrap docs-intro" aria-labelledby="docs-title">
      <p class="eyebrow">For developers</p>
      <h1 id="docs-title">API reference</h1>
      <p class="lead">
        Every operation, generated from <a href="/openapi.json">openapi.json</a>. New here? <a href="/agents">For AI agents</a> explains the API, MCP, keys and the sandbox in plain
        words; <a href="/auth.md">auth.md</a> walks through authentication.
      </p>
      <noscript>
        <p class="notice">
          This interactive reference needs JavaScript. The same description is available as JSON at <a href="/openapi.json">/openapi.json</a>.
        </p>
      </noscript>
    </section>
    <div class="wrap docs-reference">
      <div id="swagger-ui"></div>
    </div>
    <script src={`${assetsPath}/swagger-ui-bundle.js`}></script>
    <script src={`${assetsPath}/init.js`}></script>
  </Layout>
);
