import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

/** Debian's chromium; tests never download a browser (docs/design.md §1a). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** A page that records console errors and failed same-origin requests, so a test can demand none. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation replaced by a newer one (a second submit) is aborted by design.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return { page, problems };
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/**
 * Runs axe-core in the page. Our CSP forbids every script (eval included), so axe's source is
 * evaluated as a DevTools protocol expression, which CSP does not govern; the page stays script-free.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const outcome = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return outcome.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) }));
  });
}

/** Where browser tests save their screenshots (git-ignored). */
export const SCREENSHOTS = 'test-results';

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
}

/**
 * Registers before/after hooks that start a test server, Chromium and a desktop-sized context for
 * the enclosing describe (`serverOptions` is read in the hook, after the suite's own before
 * hooks ran); the returned object is filled in by the time the tests run.
 */
export function useBrowserSuite(serverOptions: () => TestServerOptions | Promise<TestServerOptions> = () => ({})): BrowserSuite {
  const suite = {} as BrowserSuite;
  before(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    suite.server = await startTestServer(await serverOptions());
    suite.browser = await launchBrowser();
    suite.context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  after(async () => {
    await suite.context?.close();
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

export interface OwnerBrowserSuite extends BrowserSuite {
  /** the SMTP server the sign-in codes arrive at */
  smtp: TestSmtp;
}

/** useBrowserSuite for the owners' pages: `owner` may sign in, by a code mailed to a real SMTP server the suite starts; no rate limits. */
export function useOwnerBrowserSuite(owner: string): OwnerBrowserSuite {
  let smtp: TestSmtp | undefined;
  before(async () => {
    smtp = await startTestSmtp();
  });
  const suite = useBrowserSuite(() => {
    suite.smtp = smtp!;
    return { env: { OWNER_EMAILS: owner, SMTP_URL: smtp!.url, RATE_LIMITS_ENABLED: 'false' } };
  }) as OwnerBrowserSuite;
  after(async () => smtp?.close());
  return suite;
}
