import type { Idempotency } from '../idempotency/idempotency.js';
import { newId, toRfc3339, type Clock, type Random } from '../lib/clock.js';
import { InsufficientScopeError, ValidationError } from '../lib/errors.js';
import { invalidInput } from '../lib/zod-errors.js';
import type { InquiryRecord } from '../model/inquiry.js';
import type { InquiryStore } from '../store/ports/index.js';
import { inquiryInputSchema, type InquiryInput } from './schemas.js';
import type { Inquiry, InquirySource, SubmitContext, SubmitResult } from './types.js';

/** Paths the two inquiry collections live at; also the idempotency scope of each. */
export const INQUIRIES_PATH = '/api/v1/inquiries';
export const SANDBOX_INQUIRIES_PATH = '/api/v1/sandbox/inquiries';

/** How long a repeated form submission waits for the first one (a double click). */
const DOUBLE_SUBMIT_WAIT_MS = 3000;


export interface InquiryServiceOptions {
  inquiries: InquiryStore;
  idempotency: Idempotency;
  /** which of these slugs name published catalog projects */
  existingSlugs(slugs: readonly string[]): Promise<Set<string>>;
  clock: Clock;
  random: Random;
  /** told of every inquiry accepted (not of replays), e.g. to count it */
  onCreated?: (source: InquirySource, sandbox: boolean) => void;
}

/**
 * Inquiry submission for every channel (REST, MCP, HTML form): scope, validation, idempotency
 * and durable storage. Returns the inquiry; each channel presents it its own way.
 */
export class InquiryService {
  constructor(private readonly options: InquiryServiceOptions) {}

  async submit(input: unknown, ctx: SubmitContext): Promise<SubmitResult> {
    const scope = ctx.sandbox ? 'sandbox:write' : 'inquiries:write';
    if (ctx.principal && !ctx.principal.scopes.has(scope)) throw new InsufficientScopeError(scope);
    const call = {
      principal: ctx.principal?.clientId ?? 'anonymous',
      method: 'POST',
      path: ctx.sandbox ? SANDBOX_INQUIRIES_PATH : INQUIRIES_PATH,
      key: ctx.idempotencyKey,
      request: input,
    };
    // The key is looked at before the body is validated: a completed request replays even if
    // the catalog changed since, and the same key with another body is 422 whatever that body.
    const { value, replayed } = await this.options.idempotency.run<Inquiry>(
      call,
      async (commit) => {
        const inquiry = this.received(await this.validate(input), ctx);
        return commit(async (tx) => {
          if (!inquiry.sandbox) await tx.inquiries.insert(recordOf(inquiry));
          return inquiry;
        });
      },
      { resourceOf: (inquiry) => (inquiry.sandbox ? null : inquiry.id), waitForInFlightMs: ctx.waitForInFlight ? DOUBLE_SUBMIT_WAIT_MS : 0 },
    );
    if (!replayed) this.options.onCreated?.(ctx.source, ctx.sandbox);
    return { inquiry: value, replayed };
  }

  /** A stored inquiry as its sender sees it. */
  async get(id: string): Promise<Inquiry | undefined> {
    const record = await this.options.inquiries.get(id);
    return record && { ...record, status: 'received', sandbox: false };
  }

  private async validate(input: unknown): Promise<InquiryInput> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw new ValidationError('The request body must be a JSON object.', [{ path: '(body)', message: 'must be a JSON object' }]);
    }
    const result = inquiryInputSchema.safeParse(input);
    if (!result.success) throw invalidInput('The inquiry', result.error);
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

  private received(input: InquiryInput, ctx: SubmitContext): Inquiry {
    return {
      id: newId(this.options.random, 'inq'),
      status: 'received',
      sandbox: ctx.sandbox,
      ...input,
      source: ctx.source,
      client_id: ctx.principal?.clientId ?? null,
      created_at: toRfc3339(this.options.clock.now()),
    };
  }
}

function recordOf(inquiry: Inquiry): InquiryRecord {
  const { status: _status, sandbox: _sandbox, ...record } = inquiry;
  return record;
}
