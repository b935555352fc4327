import type { Logger } from 'pino';
import { housekeeping } from '../owner/housekeeping.js';
import type { CatalogService } from '../catalog/service.js';
import type { Config } from '../config.js';
import { Inbox } from '../inbox/inbox.js';
import type { Clock, Random } from '../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import { createSmtpMailer } from '../mail/smtp-mailer.js';
import { consentCodeMail } from '../mail/templates/consent-code.js';
import { signInCodeMail } from '../mail/templates/sign-in-code.js';
import { EmailProof, PROOF_CODE_MINUTES } from '../oauth/email-proof.js';
import type { Channel } from '../outbox/channels/channel.js';
import { mailChannel } from '../outbox/channels/mail.js';
import { webhookChannel } from '../outbox/channels/webhook.js';
import { InquiryNotifier } from '../outbox/notifier.js';
import { knownPrivateHost } from '../outbound/public-address.js';
import { DeliveryWorker, type DeliveryOutcome } from '../outbox/worker.js';
import { LoginLinks } from '../owner/login-links.js';
import { OwnerTokens } from '../owner/owner-tokens.js';
import { Owners } from '../owner/owners.js';
import { Sessions } from '../owner/sessions.js';
import { CODE_MINUTES, SignIn } from '../owner/sign-in.js';
import type { OutboxChannel, Store } from '../store/ports/index.js';

export interface OwnerSideDeps {
  config: Config;
  store: Store;
  clock: Clock;
  random: Random;
  logger: Logger;
  catalog: CatalogService;
  siteName: () => Promise<string>;
  /** the studio's time zone (its profile's time_zone): notification mails give times in it */
  timeZone: () => Promise<string>;
  /** each notification delivery attempt's outcome (the metrics) */
  onDeliveryAttempt?: (channel: OutboxChannel, outcome: DeliveryOutcome) => void;
}

/** The owner side's services: who owns the studio, how they sign in, the inbox and the outbox. */
export interface OwnerSide {
  owners: Owners;
  signIn: SignIn;
  loginLinks: LoginLinks;
  sessions: Sessions;
  tokens: OwnerTokens;
  inbox: Inbox;
  notifier: InquiryNotifier;
  worker: DeliveryWorker;
  /** the OAuth consent page's email proof; here because it shares the mailer */
  emailProof: EmailProof;
  /** keys shared by every instance (app_secrets) */
  csrfKey: Buffer;
  close(): Promise<void>;
}

async function sharedKey(store: Store, name: string, random: Random, clock: Clock): Promise<Buffer> {
  return Buffer.from(await store.secrets.getOrCreate(name, () => random.bytes(32).toString('base64url'), clock.now()), 'base64url');
}

/** Wires the owner side (src/owner, src/inbox, src/outbox, src/mail) from configuration. */
/** How often each instance deletes ended sessions and old notifications. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export async function createOwnerSide(deps: OwnerSideDeps): Promise<OwnerSide> {
  const { config, store, clock, random, logger, catalog, siteName, timeZone } = deps;
  const baseUrl = config.publicUrl;
  const owners = new Owners(store.owners, config.ownerEmails, clock);
  const mailer: Mailer | null = config.mail ? createSmtpMailer(config.mail, config.outboxTimeoutMs, siteName) : null;
  if (!mailer) logger.info('mail is off (no SMTP_URL): owners get no inquiry emails and no sign-in codes; use `vitrine owner login-link EMAIL` to sign in');
  // The studio must hear of every inquiry: say so at start when no one would.
  const noOwners = (await owners.list()).length === 0;
  if (noOwners) logger.warn(`there are no owners (set OWNER_EMAILS or run \`vitrine owner add EMAIL\`): inquiries are kept, but ${mailer ? 'no one is emailed about them and ' : ''}no one can sign in to read them`);
  if (!mailer && !config.webhooks) logger.warn('no notification channel is configured (SMTP_URL, WEBHOOK_URLS): inquiries are kept, but the studio hears of none until someone opens /admin or runs `vitrine inquiries`');

  const signIn = new SignIn({
    stores: store,
    owners,
    codeKey: await sharedKey(store, 'sign_in_code_hmac', random, clock),
    clock,
    random,
    logger,
    sendCode: mailer ? async (email, code) => mailer.send(signInCodeMail(email, code, await siteName(), CODE_MINUTES, `${baseUrl}/admin/login`)) : null,
  });
  const emailProof = new EmailProof({
    codes: store.consentCodes,
    codeKey: await sharedKey(store, 'consent_code_hmac', random, clock),
    clock,
    random,
    logger,
    sendCode: mailer ? async (email, code) => mailer.send(consentCodeMail(email, code, await siteName(), PROOF_CODE_MINUTES)) : null,
  });
  const loginLinks = new LoginLinks(store.loginLinks, owners, clock, random);
  const sessions = new Sessions({ store: store.sessions, owners, clock, random, idleMs: config.sessionIdleMinutes * 60_000, absoluteMs: config.sessionAbsoluteHours * 3_600_000 });
  const tokens = new OwnerTokens(store.ownerTokens, owners, clock, random);
  const inbox = new Inbox({ store, clock, projectsNamed: (slugs) => catalog.named(slugs) });
  const notifier = new InquiryNotifier({ mail: mailer !== null, webhookUrls: config.webhooks?.urls ?? [], configuredOwners: config.ownerEmails, baseUrl, clock, random });

  const channels: Partial<Record<OutboxChannel, Channel>> = {};
  if (mailer) channels.email = mailChannel(mailer, siteName, timeZone, (email) => owners.isOwner(email));
  if (config.webhooks) {
    // The host only: a webhook URL's path may hold its receiver's secret.
    for (const host of config.webhookAllowPrivate ? [] : config.webhooks.urls.map(knownPrivateHost)) {
      if (host !== undefined) logger.warn({ host }, 'a WEBHOOK_URLS address is private: every delivery to it will fail (set WEBHOOK_ALLOW_PRIVATE=true for a local receiver)');
    }
    channels.webhook = webhookChannel({ secret: config.webhooks.secret, timeoutMs: config.outboxTimeoutMs, allowPrivate: config.webhookAllowPrivate, nowSeconds: () => Math.floor(clock.now() / 1000), urls: config.webhooks.urls });
  }
  const worker = new DeliveryWorker({ store, channels, clock, random, logger, pollMs: config.outboxPollMs, timeoutMs: config.outboxTimeoutMs, ...(deps.onDeliveryAttempt ? { onAttempt: deps.onDeliveryAttempt } : {}) });
  worker.start();
  const tidy = () => void housekeeping(store, sessions, clock, logger);
  tidy();
  const tidying = setInterval(tidy, HOUSEKEEPING_INTERVAL_MS).unref();

  return {
    owners,
    signIn,
    loginLinks,
    sessions,
    tokens,
    inbox,
    notifier,
    worker,
    emailProof,
    csrfKey: await sharedKey(store, 'csrf_hmac', random, clock),
    async close() {
      clearInterval(tidying);
      await worker.stop();
      mailer?.close();
    },
  };
}
