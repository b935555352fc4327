import type { IdentityType } from '../model/principal.js';
import type { ClientRecord } from '../store/ports/index.js';
import { authorizationResponseUrl, checkAuthorizationRequest, type AuthorizationRequest } from './authorize-request.js';
import { openTicket, sealTicket, type OpenTicket } from './consent-ticket.js';
import type { OAuthContext } from './context.js';
import { OAUTH_ERROR_CODES, wireDescription } from './oauth-error.js';
import { hashSecret, mintAuthorizationCode, mintGrantId } from './tokens.js';

/** RFC 6749 §4.1.2: "A maximum authorization code lifetime of 10 minutes is RECOMMENDED"; ours is 60 s. */
export const CODE_TTL_SECONDS = 60;

/** Who the person chose to be to the client: anonymous, or an email address they proved. */
export type ConsentIdentity = { identityType: 'anonymous'; subject: null } | { identityType: Extract<IdentityType, 'identity_assertion'>; subject: string };

export interface PendingConsent {
  client: ClientRecord;
  request: AuthorizationRequest;
  ticket: string;
  /** set once the ticket came back from a consent form: what answered() spends */
  opened?: OpenTicket;
}

/** The replay store's namespace for answered consent tickets (beside assertion issuers' jti). */
const ANSWERED_TICKETS = 'urn:vitrine:consent-ticket';

/** The authorization endpoint's steps (RFC 6749 §4.1.1–4.1.2), framework-free. */
export class Authorization {
  constructor(
    private readonly ctx: OAuthContext,
    private readonly ticketKey: Buffer,
  ) {}

  /** Validates the request; throws AuthorizePageError or AuthorizeRedirectError. */
  async start(query: URLSearchParams): Promise<PendingConsent> {
    const { client, request } = await checkAuthorizationRequest(this.ctx, query);
    return { client, request, ticket: sealTicket(this.ticketKey, request, this.ctx.clock.now()) };
  }

  /** The request a consent form carries, or undefined when the ticket is forged or expired. */
  async resume(ticket: string): Promise<PendingConsent | undefined> {
    const opened = openTicket(this.ticketKey, ticket, this.ctx.clock.now());
    if (!opened) return undefined;
    const client = await this.ctx.clients.get(opened.request.clientId);
    return client ? { client, request: opened.request, ticket, opened } : undefined;
  }

  /**
   * Spends the ticket of a consent being answered (allowed or denied): false when it was answered
   * before. The ticket itself stays valid until it expires, so without this a resubmitted form
   * (a reload, a replayed POST) minted a second authorization code from one consent.
   */
  async answered(pending: PendingConsent): Promise<boolean> {
    if (!pending.opened) return false;
    return this.ctx.store.assertions.useOnce(ANSWERED_TICKETS, pending.opened.id, pending.opened.expiresAt, this.ctx.clock.now());
  }

  /** Issues a code bound to client, redirect URI, challenge, scope, resource and identity; returns where to send the browser. */
  async approve(request: AuthorizationRequest, identity: ConsentIdentity): Promise<string> {
    const code = mintAuthorizationCode(this.ctx.random);
    const now = this.ctx.clock.now();
    await this.ctx.store.authorizationCodes.insert({
      hash: hashSecret(code),
      grant_id: mintGrantId(this.ctx.random),
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      // A ticket sealed before this field existed lacks it: such a code keeps the old leniency.
      redirect_uri_named: request.redirectUriNamed === true,
      code_challenge: request.codeChallenge,
      scope: request.scope,
      resource: request.resource,
      identity_type: identity.identityType,
      subject: identity.subject,
      created_at: now,
      expires_at: now + CODE_TTL_SECONDS * 1000,
      used_at: null,
    });
    this.ctx.logger.info({ event: 'authorization_granted', client_id: request.clientId, identity_type: identity.identityType, scope: request.scope }, 'authorization code issued');
    return authorizationResponseUrl(request.redirectUri, this.ctx.issuer, { code, state: request.state });
  }

  /** RFC 6749 §4.1.2.1: the person said no. */
  deny(request: AuthorizationRequest): string {
    this.ctx.logger.info({ event: 'authorization_denied', client_id: request.clientId }, 'authorization denied');
    return authorizationResponseUrl(request.redirectUri, this.ctx.issuer, { error: OAUTH_ERROR_CODES.accessDenied, error_description: 'The person denied the request.', state: request.state });
  }

  redirectError(redirectUri: string, error: string, description: string, state: string | undefined): string {
    return authorizationResponseUrl(redirectUri, this.ctx.issuer, { error, error_description: wireDescription(description), state });
  }
}
