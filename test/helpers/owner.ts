import assert from 'node:assert/strict';
import { cliAgainst } from './cli.js';
import { FormClient } from './form-client.js';
import type { TestServer } from './server.js';

/** A browser signed in as `email` (an owner) through a CLI login link: no mail server needed. */
export async function signedInOwner(server: TestServer, email: string): Promise<FormClient> {
  const link = await cliAgainst(server, ['owner', 'login-link', email]);
  assert.equal(link.code, 0, link.stderr);
  const url = new URL(/https?:\/\/\S+/.exec(link.stdout)![0]);
  const browser = new FormClient(server.baseUrl);
  await browser.get(`${url.pathname}${url.search}`);
  const res = await browser.post('/admin/login/link', { token: url.searchParams.get('token')! });
  assert.equal(res.status, 303, browser.html);
  return browser;
}

/** A fresh owner API token (`vt_own_…`) for `email`. */
export async function ownerApiToken(server: TestServer, email: string): Promise<string> {
  const created = await cliAgainst(server, ['owner', 'token', 'create', '--name', 'test', email]);
  assert.equal(created.code, 0, created.stderr);
  return /vt_own_\S+/.exec(created.stdout)![0];
}
