import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lint, loadConfig } from '@redocly/openapi-core';
import type { OpenApiDocument } from '../../src/http/openapi/types.js';
import { inProcessApp, type InProcessApp } from '../helpers/openapi.js';

const REDOCLY_CONFIG = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

interface Finding {
  severity: string;
  ruleId: string;
  message: string;
  pointer: string | undefined;
}

async function lintDocument(doc: unknown): Promise<Finding[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lint({ ref: file, config });
    return problems.map((p) => ({ severity: p.severity, ruleId: p.ruleId, message: p.message, pointer: p.location[0]?.pointer }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const show = (findings: Finding[]) => findings.map((f) => `${f.severity} ${f.ruleId} at ${f.pointer}: ${f.message}`).join('\n');

describe('Redocly lint (recommended rules, redocly.yaml) over the generated /openapi.json', () => {
  let app: InProcessApp;
  let doc: OpenApiDocument;
  before(async () => {
    app = await inProcessApp();
    doc = await app.document();
  });
  after(async () => app.close());

  it('reports zero errors, and only the warnings redocly.yaml explains', async () => {
    const findings = await lintDocument(doc);
    const errors = findings.filter((f) => f.severity === 'error');
    assert.deepEqual(errors, [], show(errors));
    // redocly.yaml: the probes and an open /metrics have no 4xx a client could cause.
    const warnings = findings.filter((f) => f.severity === 'warn').map((f) => `${f.ruleId} ${f.pointer}`);
    assert.deepEqual(warnings.sort(), ['/healthz', '/metrics', '/readyz'].map((path) => `operation-4xx-response #/paths/${path.replace('/', '~1')}/get/responses`), warnings.join('\n'));
  });

  it('fails a document with a broken $ref (the linter really runs)', async () => {
    const broken = structuredClone(doc);
    const anyOperation = Object.values(broken.paths!)[0]!.get!;
    anyOperation.responses['200'] = { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/DoesNotExist' } } } };
    const errors = (await lintDocument(broken)).filter((f) => f.severity === 'error');
    assert.ok(errors.some((f) => f.ruleId === 'no-unresolved-refs'), show(errors));
  });
});
