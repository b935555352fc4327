import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from 'playwright-core';
import { axeViolations, useBrowserSuite } from '../helpers/browser.js';
import { MemoryOAuthProvider } from '../helpers/memory-oauth-provider.js';
import { startCallbackServer, type CallbackServer } from '../helpers/oauth-callback.js';
import { codeOf, startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

/** An interactive client as a desktop MCP app writes it: in-memory storage, the browser opened by the test. */
const desktopProvider = (redirect: string) =>
  new MemoryOAuthProvider(redirect, { client_name: 'Desktop MCP App', redirect_uris: [redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' });

describe('the MCP SDK v1 auth() with an interactive provider, consent in Chromium', () => {
  let smtp: TestSmtp;
  let callback: CallbackServer;
  const suite = useBrowserSuite(async () => {
    smtp = await startTestSmtp();
    return { env: { SMTP_URL: smtp.url, OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } };
  });
  before(async () => {
    callback = await startCallbackServer();
  });
  after(async () => {
    await callback?.close();
    await smtp?.close();
  });

  async function authorize(provider: MemoryOAuthProvider, decide: (page: Page) => Promise<void>): Promise<string> {
    const serverUrl = `${suite.server.baseUrl}/mcp`;
    assert.equal(await auth(provider, { serverUrl }), 'REDIRECT');
    const page = await suite.context.newPage();
    try {
      await page.goto(provider.authorizationUrl!.href);
      const violations = await axeViolations(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));
      const landed = callback.next();
      await decide(page);
      const back = await landed;
      assert.equal(back.searchParams.get('iss'), suite.server.baseUrl, 'RFC 9207 iss');
      return back.searchParams.get('code')!;
    } finally {
      await page.close();
    }
  }

  async function connect(provider: MemoryOAuthProvider): Promise<Client> {
    const client = new Client({ name: 'desktop-app', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${suite.server.baseUrl}/mcp`), { authProvider: provider }));
    return client;
  }

  it('registers dynamically, proves an email by a mailed code, and the inquiry shows as verified email in the inbox', async () => {
    const provider = desktopProvider(callback.url);
    const code = await authorize(provider, async (page) => {
      assert.match(await page.locator('h1').innerText(), /Allow Desktop MCP App\?/);
      await page.getByLabel('Your email address').fill('Vera@Client.Example');
      await page.getByRole('button', { name: 'Email me a code' }).click();
      const mail = await smtp.next((m) => m.to.includes('vera@client.example'));
      await page.getByLabel('Six-digit code').fill(codeOf(mail));
      await page.getByRole('button', { name: 'Confirm and allow' }).click();
    });
    assert.equal(await auth(provider, { serverUrl: `${suite.server.baseUrl}/mcp`, authorizationCode: code }), 'AUTHORIZED');
    assert.match(provider.saved!.refresh_token!, /^vt_rt_/);

    const client = await connect(provider);
    try {
      const tools = await client.listTools();
      assert.ok(tools.tools.some((t) => t.name === 'submit_inquiry'));
      const result = await client.callTool({ name: 'submit_inquiry', arguments: { name: 'Vera', email: 'vera@client.example', message: 'Sent by my desktop app, as me.', idempotency_key: 'desk-1' } });
      assert.equal(result.isError, undefined, JSON.stringify(result));
      const id = String((result.structuredContent as { id: string }).id);
      const { token } = await suite.server.vitrine.owner.tokens.create(OWNER, 'test');
      const res = await fetch(`${suite.server.baseUrl}/api/v1/admin/inquiries/${id}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status, 200);
      const sender = ((await res.json()) as { sender: Record<string, unknown> }).sender;
      assert.equal(sender.kind, 'verified_email');
      assert.equal(sender.email, 'vera@client.example');
    } finally {
      await client.close();
    }
  });

  it('continues anonymously, and after the access token expires the SDK refreshes it', async () => {
    const provider = desktopProvider(callback.url);
    const code = await authorize(provider, (page) => page.getByRole('button', { name: 'Allow without sharing an email address' }).click());
    assert.equal(await auth(provider, { serverUrl: `${suite.server.baseUrl}/mcp`, authorizationCode: code }), 'AUTHORIZED');
    const first = provider.saved!;
    suite.server.clock.advance((suite.server.config.accessTokenTtlSeconds + suite.server.config.credentialCacheSeconds + 1) * 1000);
    // The expired token gets a 401; the SDK's transport refreshes and retries.
    const client = await connect(provider);
    try {
      assert.ok((await client.listTools()).tools.length > 0);
      assert.notEqual(provider.saved!.access_token, first.access_token);
      assert.notEqual(provider.saved!.refresh_token, first.refresh_token);
    } finally {
      await client.close();
    }
  });
});
