import type { Idempotency } from '../idempotency/idempotency.js';
import { newTimeOrderedId, toRfc3339, type Clock, type Random } from '../lib/clock.js';
import { InsufficientScopeError, ValidationError } from '../lib/errors.js';
import { invalidInput } from '../lib/zod-errors.js';
import type { InquiryRecord, Provenance } from '../model/inquiry.js';
import type { Principal } from '../model/principal.js';
import type { NamedProject } from '../outbox/events.js';
import type { InquiryNotifier } from '../outbox/notifier.js';
import type { Store } from '../store/ports/index.js';
import { inquiryInputSchema, type InquiryInput } from './schemas.js';
import type { Inquiry, InquirySource, SubmitContext, SubmitResult } from './types.js';

/** Paths the two inquiry collections live at; also the idempotency scope of each. */
export const INQUIRIES_PATH = '/api/v1/inquiries';
export const SANDBOX_INQUIRIES_PATH = '/api/v1/sandbox/inquiries';

/**
 * A bearer's right to write inquiries: the scope of the real or the sandbox collection
 * (docs/design.md §4). Anonymous writes need none. Checked before anything else a write does, a
 * sandbox rehearsal included, on every channel (REST, MCP: routes/mcp.ts checks it first too).
 */
export function checkWriteScope(principal: Principal | null, sandbox: boolean): void {
  const scope = sandbox ? 'sandbox:write' : 'inquiries:write';
  if (principal && !principal.scopes.has(scope)) throw new InsufficientScopeError(scope);
}

export interface InquiryServiceOptions {
  store: Pick<Store, 'inquiries' | 'owners' | 'idempotency' | 'acceptInquiry'>;
  idempotency: Idempotency;
  /** the published catalog projects among these slugs */
  projectsNamed(slugs: readonly string[]): Promise<NamedProject[]>;
  /** the sandbox's fixture projects among these slugs: a rehearsal may name them too */
  sandboxProjectsNamed?(slugs: readonly string[]): Promise<NamedProject[]>;
  /** composes the owner notifications the store writes with a new inquiry */
  notifier: InquiryNotifier;
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
    checkWriteScope(ctx.principal, ctx.sandbox);
    const call = {
      principal: ctx.principal?.clientId ?? 'anonymous',
      method: 'POST',
      path: ctx.sandbox ? SANDBOX_INQUIRIES_PATH : INQUIRIES_PATH,
      key: ctx.idempotencyKey,
      request: input,
    };
    // The key decides before the body's validation does: a completed request replays even if the
    // catalog changed since, and the same key with another body is 422 whatever that body.
    let projects: NamedProject[] = [];
    const { value, replayed } = await this.options.idempotency.runInOneWrite<Inquiry>(
      call,
      async () => {
        const valid = await this.validate(input, ctx.sandbox);
        projects = valid.projects;
        return this.received(valid.fields, ctx);
      },
      async (inquiry, key) => {
        // A rehearsal stores only its key's record, so that a retry replays it.
        if (inquiry.sandbox) return key ? this.options.store.idempotency.settle(key) : true;
        const record = recordOf(inquiry);
        const notifications = await this.options.notifier.notifications(this.options.store.owners, record, projects);
        // All or nothing: an acknowledged inquiry is always one its owners will hear of.
        return this.options.store.acceptInquiry({ ...record, ...provenanceOf(ctx.principal) }, notifications, key);
      },
      { resourceOf: (inquiry) => (inquiry.sandbox ? null : inquiry.id) },
    );
    if (!replayed) this.options.onCreated?.(ctx.source, ctx.sandbox);
    return { inquiry: value, replayed };
  }

  /** A stored inquiry as its sender sees it (nothing of the studio's inbox). */
  async get(id: string): Promise<Inquiry | undefined> {
    const stored = await this.options.store.inquiries.get(id);
    if (!stored) return undefined;
    const { status: _inbox, status_changed_at: _changed, credential: _credential, identity_type: _identity, subject: _subject, ...record } = stored;
    return { ...record, status: 'received', sandbox: false };
  }

  private async validate(input: unknown, sandbox: boolean): Promise<{ fields: InquiryInput; projects: NamedProject[] }> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw new ValidationError('The request body must be a JSON object.', [{ path: '(body)', message: 'must be a JSON object' }]);
    }
    const result = inquiryInputSchema.safeParse(input);
    if (!result.success) throw invalidInput('The inquiry', result.error, inquiryInputSchema);
    const slugs = result.data.project_slugs;
    // Looked up here, before the transaction: the notifications name the projects' titles.
    const projects = slugs.length > 0 ? await this.named(slugs, sandbox) : [];
    if (slugs.length > 0) {
      const known = new Set(projects.map((p) => p.slug));
      const unknown = slugs.filter((s) => !known.has(s));
      if (unknown.length > 0) {
        const where = sandbox ? 'GET /api/v1/sandbox/projects (or GET /api/v1/projects)' : 'GET /api/v1/projects';
        throw new ValidationError(
          `Unknown project slug(s): ${unknown.join(', ')}. List valid slugs with ${where}.`,
          unknown.map((s) => ({ path: `project_slugs[${slugs.indexOf(s)}]`, message: `no published project has the slug "${s}"` })),
          422,
        );
      }
    }
    return { fields: result.data, projects };
  }

  /**
   * The projects named. A rehearsal may name the sandbox's own fixture projects (what its
   * listing shows) as well as the real catalog's (the write it rehearses), so both are known.
   */
  private async named(slugs: readonly string[], sandbox: boolean): Promise<NamedProject[]> {
    const fixtures = sandbox && this.options.sandboxProjectsNamed ? await this.options.sandboxProjectsNamed(slugs) : [];
    if (fixtures.length === slugs.length) return fixtures;
    const found = new Set(fixtures.map((p) => p.slug));
    const rest = fixtures.length > 0 ? slugs.filter((s) => !found.has(s)) : slugs;
    return [...fixtures, ...(await this.options.projectsNamed(rest))];
  }

  private received(input: InquiryInput, ctx: SubmitContext): Inquiry {
    const now = this.options.clock.now();
    return {
      id: newTimeOrderedId(now, this.options.random, 'inq'),
      status: 'received',
      sandbox: ctx.sandbox,
      ...input,
      source: ctx.source,
      client_id: ctx.principal?.clientId ?? null,
      created_at: toRfc3339(now),
    };
  }
}

/** Who the bearer proved the sender to be (docs/design.md §4); all null for anonymous senders. */
function provenanceOf(principal: Principal | null): Provenance {
  if (!principal) return { credential: null, identity_type: null, subject: null };
  return { credential: principal.credential, identity_type: principal.identityType, subject: principal.subject };
}

function recordOf(inquiry: Inquiry): InquiryRecord {
  const { status: _status, sandbox: _sandbox, ...record } = inquiry;
  return record;
}
