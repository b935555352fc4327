import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The README's "Try it with curl" block, exactly as written. */
function walkthrough(): string {
  const section = README.slice(README.indexOf('## Try it with curl'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'the section has a sh code block');
  return block[1]!;
}

describe('the README\'s curl walkthrough, run as written against a real server', () => {
  let server: TestServer;
  let output: string;
  before(async () => {
    server = await startTestServer();
    const script = walkthrough();
    assert.match(script, /^B=http:\/\/127\.0\.0\.1:8080$/m, 'the block starts by naming the server');
    // Only the address changes: the test server listens on an ephemeral port.
    // Asynchronously: the server answering the script runs in this process.
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile('bash', ['-o', 'pipefail', '-e', '-c', script.replace(/^B=.*$/m, `B=${server.baseUrl}`)], { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    assert.equal(run.code, 0, `the walkthrough failed (are curl and jq installed?):\n${run.stderr}\n${run.stdout}`);
    output = run.stdout;
  });
  after(() => server.close());

  it('ends every command\'s output with a newline, so the next one starts on its own line', () => {
    const glued = output.split('\n').filter((line) => /[}\]"](HTTP\/|\{|\d{3}$)/.test(line));
    assert.deepEqual(glued, []);
    assert.ok(output.endsWith('\n'));
  });

  it('shows the catalog, a 304, a key, a sandbox receipt, a marked rehearsal and a created inquiry', () => {
    assert.match(output, /"slug": "atlas-regional-trip-planner"/);
    assert.match(output, /^304$/m);
    assert.match(output, /"api_key": "vt_key_/);
    assert.match(output, /"sandbox": true/);
    assert.match(output, /^HTTP\/1\.1 429 /m);
    assert.match(output, /^sandbox-scenario: rate_limited\r?$/im);
    assert.match(output, /^HTTP\/1\.1 201 /m);
    assert.match(output, /^location: http:\/\/127\.0\.0\.1:\d+\/api\/v1\/inquiries\/inq_/im);
  });

  it('shows the revoked token refused with 401 invalid_token', () => {
    const tail = output.trimEnd().split('\n').slice(-3);
    assert.equal(tail[0], '200', `revoke answered ${tail[0]}`);
    assert.match(tail[1]!, /"error":"invalid_token"/);
    assert.equal(tail[2], 'HTTP 401');
  });
});
