import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
}

/** `npm run check:agent-ready -- URL` as a user runs it (the script behind it, without npm's banner). */
async function checkAgentReady(url: string): Promise<Outcome> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/agent-ready/main.ts', url], { timeout: 120_000 });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

function rows(stdout: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells[1] === 'PASS' || cells[1] === 'FAIL') result.set(cells[2]!, cells[1]);
  }
  return result;
}

const EXPECTED = ['sitemap.xml', 'robots.txt', 'llms.txt', 'API catalog', 'OpenAPI', 'OAuth protected resource', 'OAuth authorization server', 'auth.md', 'Markdown negotiation', 'Home page Link header', 'JSON-LD', 'MCP server card', 'MCP handshake'];

describe('npm run check:agent-ready -- URL', () => {
  let healthy: TestServer;
  let cardless: TestServer;
  before(async () => {
    healthy = await startTestServer();
    // The same service with one surface turned off: no server card anywhere.
    cardless = await startTestServer({
      contract: false,
      wrapFetch: (fetch) => (request, env) => (new URL(request.url).pathname.includes('server-card') ? new Response('not here', { status: 404 }) : fetch(request, env)),
    });
  });
  after(async () => {
    await healthy.close();
    await cardless.close();
  });

  it('passes every check against a running vitrine and prints the table', async () => {
    const { code, stdout } = await checkAgentReady(healthy.baseUrl);
    const table = rows(stdout);
    assert.deepEqual([...table.keys()], EXPECTED, stdout);
    for (const [name, result] of table) assert.equal(result, 'PASS', `${name}\n${stdout}`);
    assert.match(stdout, new RegExp(`${EXPECTED.length}/${EXPECTED.length} checks passed`));
    assert.equal(code, 0);
  });

  it('fails, naming the check, when the server card is turned off', async () => {
    const { code, stdout } = await checkAgentReady(cardless.baseUrl);
    const table = rows(stdout);
    assert.equal(table.get('MCP server card'), 'FAIL', stdout);
    assert.equal(table.get('MCP handshake'), 'FAIL', 'the handshake starts from the card');
    assert.equal(table.get('llms.txt'), 'PASS', 'the other surfaces still pass');
    assert.equal(code, 1);
  });

  it('refuses to run without a URL', async () => {
    const { code } = await checkAgentReady('not-a-url');
    assert.equal(code, 2);
  });
});
