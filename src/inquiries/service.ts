import type { Logger } from 'pino';
import { newId, toRfc3339, type Clock, type Random } from '../lib/clock.js';
import { DomainError, InsufficientScopeError, ValidationError, type FieldError } from '../lib/errors.js';
import { IdempotencyClaimLostError, type InquiryRecord, type InquiryStore, type IdempotencyStore, type StoredResponse } from '../store/ports/index.js';
import { fingerprint, idempotencyScopeKey, parseIdempotencyKey } from './idempotency-key.js';
import { inquiryInputSchema, type InquiryInput } from './schema.js';
import type { InquirySource, SubmitContext, SubmitOutcome } from './types.js';

/** Paths the two inquiry collections live at; also the idempotency scope of each. */
export const INQUIRIES_PATH = '/api/v1/inquiries';
export const SANDBOX_INQUIRIES_PATH = '/api/v1/sandbox/inquiries';

/** How long an in-flight claim blocks the key before a crashed holder's claim may be taken over. */
const IN_FLIGHT_LOCK_MS = 30_000;
const PRUNE_EVERY_MS = 60_000;

export class IdempotencyInFlightError extends DomainError {
  constructor() {
    super(409, 'idempotency_conflict', 'Request in progress', 'A request with this Idempotency-Key is still being processed; retry after it finishes to receive its result.');
  }
}

export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(422, 'idempotency_key_reused', 'Idempotency-Key reused', 'This Idempotency-Key was already used with a different request body; use a new key for a new request.');
  }
}

export interface InquiryServiceOptions {
  inquiries: InquiryStore;
  idempotency: IdempotencyStore;
  /** which of these slugs name published catalog projects */
  existingSlugs(slugs: readonly string[]): Promise<Set<string>>;
  clock: Clock;
  random: Random;
  baseUrl: string;
  idempotencyTtlSeconds: number;
  logger: Logger;
  /** told of every inquiry accepted (not of replays), e.g. to count it */
  onCreated?: (source: InquirySource, sandbox: boolean) => void;
}

/**
 * Inquiry submission for every channel (REST, MCP, HTML form): validation, scope, idempotency
 * (draft-ietf-httpapi-idempotency-key-header with Stripe's semantics) and durable storage.
 */
export class InquiryService {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: InquiryServiceOptions) {}

  async submit(input: unknown, ctx: SubmitContext): Promise<SubmitOutcome> {
    const scope = ctx.sandbox ? 'sandbox:write' : 'inquiries:write';
    if (ctx.principal && !ctx.principal.scopes.has(scope)) throw new InsufficientScopeError(scope);
    const key = ctx.idempotencyKey === undefined ? undefined : parseIdempotencyKey(ctx.idempotencyKey);

    if (key === undefined) {
      const response = this.created(await this.validate(input), ctx);
      await this.options.inquiries.create(ctx.sandbox ? null : response.inquiry, null);
      this.options.onCreated?.(ctx.source, ctx.sandbox);
      return { ...response.stored, replayed: false };
    }

    this.maybePrune();
    const now = this.options.clock.now();
    const path = ctx.sandbox ? SANDBOX_INQUIRIES_PATH : INQUIRIES_PATH;
    const scopeKey = idempotencyScopeKey(ctx.principal?.clientId ?? 'anonymous', 'POST', path, key);
    const ttlMs = this.options.idempotencyTtlSeconds * 1000;
    const claim = await this.options.idempotency.claim(scopeKey, fingerprint(input), now, IN_FLIGHT_LOCK_MS, ttlMs);
    // The key is looked at before the body is validated: a completed request replays even if
    // the catalog changed since, and the same key with another body is 422 whatever that body.
    switch (claim.state) {
      case 'replay':
        return { ...claim.response, replayed: true };
      case 'in_flight':
        throw new IdempotencyInFlightError();
      case 'mismatch':
        throw new IdempotencyKeyReusedError();
      case 'acquired':
        break;
    }
    try {
      const response = this.created(await this.validate(input), ctx);
      // The inquiry and its idempotency result commit in one transaction (DESIGN.md §6), and
      // only while this request still holds the claim it took at `now`.
      await this.options.inquiries.create(ctx.sandbox ? null : response.inquiry, { scopeKey, claimedAtMs: now, response: response.stored, expiresAtMs: now + ttlMs });
      this.options.onCreated?.(ctx.source, ctx.sandbox);
      return { ...response.stored, replayed: false };
    } catch (error) {
      // A failed request stores nothing, so a retry with a corrected body under the same key goes
      // through (as at Stripe). A claim lost to a takeover is the other request's to finish.
      if (error instanceof IdempotencyClaimLostError) throw new IdempotencyInFlightError();
      await this.options.idempotency.release(scopeKey, now).catch(() => undefined);
      throw error;
    }
  }

  async get(id: string): Promise<InquiryRecord | undefined> {
    return this.options.inquiries.get(id);
  }

  private async validate(input: unknown): Promise<InquiryInput> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw new ValidationError('The request body must be a JSON object.', [{ path: '(body)', message: 'must be a JSON object' }]);
    }
    const result = inquiryInputSchema.safeParse(input);
    if (!result.success) {
      const errors: FieldError[] = result.error.issues.flatMap((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((k) => ({ path: k, message: 'unknown field' }))
          : [{ path: issue.path.join('.') || '(body)', message: issue.message }],
      );
      throw new ValidationError(`The inquiry is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);
    }
    const slugs = result.data.project_slugs;
    if (slugs.length > 0) {
      const known = await this.options.existingSlugs(slugs);
      const unknown = slugs.filter((s) => !known.has(s));
      if (unknown.length > 0) {
        throw new ValidationError(
          `Unknown project slug(s): ${unknown.join(', ')}. List valid slugs with GET /api/v1/projects.`,
          unknown.map((s) => ({ path: `project_slugs[${slugs.indexOf(s)}]`, message: `no published project has the slug "${s}"` })),
          422,
        );
      }
    }
    return result.data;
  }

  private created(input: InquiryInput, ctx: SubmitContext): { inquiry: InquiryRecord; stored: StoredResponse } {
    const inquiry: InquiryRecord = {
      id: newId(this.options.random, 'inq'),
      ...input,
      source: ctx.source,
      client_id: ctx.principal?.clientId ?? null,
      created_at: toRfc3339(this.options.clock.now()),
    };
    // A sandbox inquiry is never stored, so its receipt names no resource to fetch
    // (RFC 9110 §15.3.2: Location identifies the created resource).
    const location = ctx.sandbox ? null : `${this.options.baseUrl}${INQUIRIES_PATH}/${inquiry.id}`;
    const body = {
      id: inquiry.id,
      status: 'received',
      created_at: inquiry.created_at,
      sandbox: ctx.sandbox,
      name: inquiry.name,
      email: inquiry.email,
      company: inquiry.company,
      message: inquiry.message,
      project_slugs: inquiry.project_slugs,
      budget: inquiry.budget,
      timeline: inquiry.timeline,
      source: inquiry.source,
      client_id: inquiry.client_id,
      ...(location ? { links: { self: location } } : {}),
    };
    return {
      inquiry,
      stored: { status: 201, headers: { 'content-type': 'application/json', ...(location ? { location } : {}) }, body: JSON.stringify(body) },
    };
  }

  private maybePrune(): void {
    const now = this.options.clock.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.options.idempotency.prune(now).then(
      (n) => n > 0 && this.options.logger.debug({ pruned: n }, 'pruned expired idempotency records'),
      (error: unknown) => this.options.logger.warn({ err: error }, 'idempotency prune failed'),
    );
  }
}
