import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { InsufficientScopeError, NotFoundError, ValidationError } from '../../src/lib/errors.js';
import { runTool, structuredResult } from '../../src/mcp/tool-result.js';

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'error' }, stream), lines };
}

const text = (r: { content: unknown[] }) => (r.content as { text: string }[]).map((c) => c.text).join('\n');

describe('MCP tool outcomes (tool errors are isError results; internals never cross the wire)', () => {
  it('a success carries structuredContent and the same JSON as text', async () => {
    const { logger } = capturingLogger();
    const result = await runTool(logger, 't', async () => structuredResult({ a: 1, b: ['x'] }));
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.structuredContent, { a: 1, b: ['x'] });
    assert.equal(text(result), '{"a":1,"b":["x"]}');
  });

  it('a validation error names each field and the next step', async () => {
    const { logger } = capturingLogger();
    const result = await runTool(logger, 't', async () => {
      throw new ValidationError('The inquiry is invalid.', [{ path: 'email', message: 'must be an email address' }]);
    });
    assert.equal(result.isError, true);
    assert.equal(text(result), 'validation_failed: The inquiry is invalid.\n- email: must be an email address\nNext step: Correct the arguments named above and call the tool again.');
  });

  it('not_found and insufficient_scope point the agent to the way forward', async () => {
    const { logger } = capturingLogger();
    const missing = await runTool(logger, 't', async () => {
      throw new NotFoundError('no published project has the slug "x"');
    });
    assert.match(text(missing), /^not_found: .*\nNext step: Call search_projects/s);
    const scope = await runTool(logger, 't', async () => {
      throw new InsufficientScopeError('inquiries:write');
    });
    assert.match(text(scope), /^insufficient_scope: .*inquiries:write.*\nNext step: .*auth\.md/s);
  });

  it('an unexpected error becomes a bland internal_error result; its message goes to the log only', async () => {
    const { logger, lines } = capturingLogger();
    const result = await runTool(logger, 'search_projects', async () => {
      throw new Error('SQLITE_CORRUPT: database disk image is malformed at /var/lib/vitrine.db');
    });
    assert.equal(result.isError, true);
    assert.match(text(result), /^internal_error: /);
    assert.doesNotMatch(text(result), /SQLITE|vitrine\.db/);
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /SQLITE_CORRUPT/);
    assert.match(lines[0]!, /search_projects/);
  });
});
