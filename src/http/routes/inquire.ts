import { HTTPException } from 'hono/http-exception';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { ApiProject } from '../../catalog/api-project.js';
import { SLUG_PATTERN } from '../../catalog/project.js';
import type { CatalogService } from '../../catalog/service.js';
import type { SubmitContext, SubmitResult } from '../../inquiries/types.js';
import type { Clock, Random } from '../../lib/clock.js';
import { DomainError, ERROR_CODES } from '../../lib/errors.js';
import { allProjects } from '../../pages/all-projects.js';
import { ProjectChoices, type ProjectChoice } from '../../pages/project-choices.js';
import { FormTokens } from '../../pages/form-token.js';
import { EMPTY_VALUES, INQUIRY_FIELDS, type InquiryErrors, type InquiryValues } from '../../pages/inquiry-form.js';
import { formErrors, inquiryInput } from '../../pages/inquiry-submission.js';
import type { Site } from '../../pages/layout.js';
import { renderErrorPage, renderInquiryForm, renderThanksPage } from '../../pages/render.js';
import { inquireMarkdown } from '../../pages/inquire-markdown.js';
import { SENT_MEMORY_SECONDS, SentInquiries } from '../../pages/sent-inquiry.js';
import type { AppEnv } from '../env.js';
import { sendHtml, sendText } from '../responses/html-response.js';
import { NEGOTIATED_VARY, notAcceptable, pageFormat } from '../responses/negotiated-page.js';

const PAGE_CACHE = 'public, max-age=60';
const SENT_COOKIE = 'vitrine_sent';

export interface InquireRoutesOptions {
  catalog: CatalogService;
  inquiries: { submit(input: unknown, ctx: SubmitContext): Promise<SubmitResult> };
  clock: Clock;
  random: Random;
  publicUrl: string;
  /** HMAC key of the form tokens, shared by every instance */
  formTokenKey: Buffer;
  /** the site with the studio's current profile (cached per catalog version) */
  site: () => Promise<Site>;
}

/** /inquire: the inquiry form for people (works without JavaScript), its Markdown twin and the thanks page. */
export function registerInquireRoutes(app: OpenAPIHono<AppEnv>, options: InquireRoutesOptions): void {
  const { catalog, publicUrl } = options;
  const tokens = new FormTokens(options.formTokenKey, options.clock, options.random);
  const publicOrigin = new URL(publicUrl).origin;
  const sent = new SentInquiries(options.formTokenKey);
  const thanks = (c: Context<AppEnv>, reference: string) => c.redirect(`/inquire/thanks?ref=${encodeURIComponent(reference)}`, 303);

  // The form's project choices: one walk of the catalog per catalog version, not per form (the
  // walk reads every project's JSON: 36–45 ms of CPU a form at 10,000 projects), and their HTML
  // once per list. The project a visitor came from (or chose) is always a choice, even past
  // allProjects' bound of 5,000: otherwise the form would drop it from the inquiry.
  const choicesHtml = new WeakMap<readonly ProjectChoice[], ProjectChoices>();
  const choicesFor = async (slug: string) => {
    const { value: list } = await catalog.derived('inquiry-form-projects', async () => (await allProjects(catalog)).projects.map((p: ApiProject): ProjectChoice => ({ slug: p.slug, title: p.title })));
    let choices = choicesHtml.get(list);
    if (choices === undefined) choicesHtml.set(list, (choices = new ProjectChoices(list)));
    // A choice sent back with a form's errors is the client's text: only a slug is looked up.
    return choices.choose(slug, async (s) => (s.length <= 80 && SLUG_PATTERN.test(s) ? ((await catalog.named([s]))[0] ?? null) : null));
  };

  const renderForm = async (c: Context<AppEnv>, status: number, values: InquiryValues, errors: InquiryErrors, token: string, refusal?: string, headers?: Record<string, string>) => {
    const html = renderInquiryForm({ site: await options.site(), values, errors, choices: await choicesFor(values.project), token, refusal });
    // The form carries a one-off token: never cache it or share it between people.
    return sendHtml(c, html, { status, cacheControl: 'no-store', conditional: false, ...(headers ? { headers } : {}) });
  };

  const inquire = (twin: boolean) => async (c: Context<AppEnv>) => {
    const format = pageFormat(c, twin);
    if (format === null) return notAcceptable(c, `${publicUrl}/inquire.md`);
    const project = c.req.query('project') ?? '';
    const slug = SLUG_PATTERN.test(project) ? project : '';
    if (format === 'text/markdown') {
      const named = slug ? (await catalog.named([slug]))[0] ?? null : null;
      const markdown = inquireMarkdown({ name: (await options.site()).name, baseUrl: publicUrl }, named);
      return sendText(c, markdown, { contentType: 'text/markdown; charset=utf-8', cacheControl: PAGE_CACHE, headers: { vary: twin ? 'Accept-Encoding' : NEGOTIATED_VARY } });
    }
    return renderForm(c, 200, { ...EMPTY_VALUES, project: slug }, {}, tokens.issue(), undefined, { vary: NEGOTIATED_VARY });
  };
  app.get('/inquire', inquire(false));
  app.get('/inquire.md', inquire(true));

  app.post('/inquire', async (c) => {
    // CSRF for an anonymous form: a browser names the page that sent it; it must be one of ours.
    const origin = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
    if (origin !== undefined && origin !== publicOrigin) {
      return sendHtml(c, renderErrorPage(await options.site(), 403), { status: 403, cacheControl: 'no-store', conditional: false });
    }
    const body = await c.req.parseBody({ all: true }).catch((error: unknown) => {
      // A body that is no form at all (a malformed multipart) is the sender's mistake; a body over the limit keeps its 413.
      if (error instanceof HTTPException) throw error;
      return null;
    });
    if (body === null) return sendHtml(c, renderErrorPage(await options.site(), 400), { status: 400, cacheControl: 'no-store', conditional: false });
    const values = { ...EMPTY_VALUES };
    // The HTML Standard sends a textarea's line breaks as CRLF ("converting an entry list to a list
    // of name-value pairs") while its maxlength counts each as one character: undo that before
    // anything counts or cuts, or a message the browser let through at 5,000 is refused as too long.
    for (const field of INQUIRY_FIELDS) values[field] = firstString(body[field === 'project' ? 'project_slugs' : field]).replace(/\r\n?/g, '\n').slice(0, 6000);
    const token = firstString(body.form_token);
    const check = tokens.verify(token);
    if (!check.ok) {
      const refusal = check.reason === 'expired' ? 'This form was open for a long time and has expired. Your answers are below: please send it again.' : 'We could not verify this form. Your answers are below: please send it again.';
      return renderForm(c, 403, values, {}, tokens.issue(), refusal);
    }
    // The same answers sent again from a fresh form (Back after sending, then Send): that inquiry.
    const already = sent.sentBefore(getCookie(c, SENT_COOKIE), values);
    if (already) return thanks(c, already);
    // The form token is the idempotency key: a double click's second submission replays the first.
    const ctx: SubmitContext = { principal: null, source: 'web', sandbox: false, idempotencyKey: token };
    try {
      const { inquiry } = await options.inquiries.submit(inquiryInput(values), ctx);
      setCookie(c, SENT_COOKIE, sent.remember(inquiry.id, values), { path: '/inquire', httpOnly: true, sameSite: 'Lax', secure: publicUrl.startsWith('https:'), maxAge: SENT_MEMORY_SECONDS });
      // RFC 9110 §15.4.4: 303 turns the POST into a GET, so reload and back never resubmit.
      return thanks(c, inquiry.id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      switch (error.code) {
        case ERROR_CODES.validation:
        case ERROR_CODES.unprocessable: {
          const errors = formErrors(error.errors ?? []);
          // The service looks the project up only once the fields are valid; a chosen one that is
          // not listed (unpublished meanwhile) is said now too, or the form would come back set to
          // none in particular and the corrected form would go without it.
          if (values.project && !errors.project && !(await choicesFor(values.project)).selected) errors.project = formErrors([{ path: 'project_slugs', message: 'not listed' }]).project;
          // Nothing was stored, so the same token (idempotency key) stays valid for the corrected form.
          return renderForm(c, 422, values, errors, token);
        }
        case ERROR_CODES.keyReused:
          return renderForm(c, 409, values, {}, tokens.issue(), 'This form was already sent with different answers. To send these answers as a new inquiry, submit the form again.');
        case ERROR_CODES.conflict:
          return renderForm(c, 409, values, {}, token, 'Your inquiry is still being sent. Please wait a moment and submit again.');
        default:
          throw error;
      }
    }
  });

  app.get('/inquire/thanks', async (c) => {
    const ref = c.req.query('ref') ?? '';
    const reference = /^inq_[A-Za-z0-9_-]{1,64}$/.test(ref) ? ref : null;
    return sendHtml(c, renderThanksPage(await options.site(), reference), { cacheControl: 'no-store', conditional: false });
  });
}

function firstString(value: unknown): string {
  const first = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
  return typeof first === 'string' ? first : '';
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
