import type { FC } from 'hono/jsx';
import type { Site } from '../layout.js';
import { CODE_PATTERN, Flash } from '../flash.js';
import { AdminLayout, CsrfField } from './admin-layout.js';

interface SignInBase {
  site: Site;
  csrfToken: string;
  notice?: string | undefined;
  error?: string | undefined;
}

/** The admin page to return to once signed in (return-path.ts), carried through both steps. */
const NextField: FC<{ next?: string | undefined }> = ({ next }) => (next ? <input type="hidden" name="next" value={next} /> : null);

/** Step 1: an owner's email address. */
export const EmailPage: FC<SignInBase & { email: string; next?: string | undefined }> = ({ site, csrfToken, notice, error, email, next }) => (
  <AdminLayout site={site} owner={null} csrfToken={csrfToken} title={error ? 'Error: sign in' : 'Sign in'}>
    <div class="narrow">
      <h1>Sign in</h1>
      <Flash notice={notice} error={error} errorId="sign-in-error" />
      <form class="form" method="post" action="/admin/login">
        <CsrfField token={csrfToken} />
        <NextField next={next} />
        <div class="field">
          <label for="email">Your email address</label>
          <span class="hint" id="email-hint">
            We email owners a six-digit code. There is no password.
          </span>
          <input id="email" name="email" type="email" autocomplete="email" required maxlength={254} value={email} aria-describedby={error ? 'sign-in-error email-hint' : 'email-hint'} aria-invalid={error ? 'true' : undefined} />
        </div>
        <button class="button" type="submit">
          Email me a code
        </button>
      </form>
    </div>
  </AdminLayout>
);

/** Step 2: the code. The same page for every address, owner or not. */
export const CodePage: FC<SignInBase & { email: string; validMinutes: number; next?: string | undefined }> = ({ site, csrfToken, notice, error, email, validMinutes, next }) => (
  <AdminLayout site={site} owner={null} csrfToken={csrfToken} title={error ? 'Error: enter your code' : 'Enter your code'}>
    <div class="narrow">
      <h1>Check your email</h1>
      <Flash notice={notice} error={error} errorId="code-error" />
      <p>
        If <strong>{email}</strong> belongs to an owner of {site.name}, a six-digit code is on its way. It works once, for {validMinutes} minutes.
      </p>
      <form class="form" method="post" action="/admin/login/code">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="email" value={email} />
        <NextField next={next} />
        <div class="field">
          <label for="code">Six-digit code</label>
          <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern={CODE_PATTERN} maxlength={12} required aria-invalid={error ? 'true' : undefined} aria-describedby={error ? 'code-error' : undefined} />
        </div>
        <button class="button" type="submit">
          Sign in
        </button>
      </form>
      {/* A new code for the same address without typing it again (step 1's form, filled in). */}
      <form class="actions" method="post" action="/admin/login">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="email" value={email} />
        <NextField next={next} />
        <button class="button secondary" type="submit">
          Email me a new code
        </button>
        <a href={next ? `/admin/login?next=${encodeURIComponent(next)}` : '/admin/login'}>Use another address</a>
      </form>
      {/* Said to everyone, whether or not a mail went out, so it tells nobody whether an address is an owner's. */}
      <p class="hint">
        No code after a few minutes, even in spam? The mail server may be down: whoever runs this server can print a one-time sign-in link with <code>vitrine owner login-link {email}</code>.
      </p>
    </div>
  </AdminLayout>
);

/** A login link: a button, so that link scanners fetching the URL do not use it up. */
export const LinkPage: FC<SignInBase & { token: string }> = ({ site, csrfToken, error, token }) => (
  <AdminLayout site={site} owner={null} csrfToken={csrfToken} title={error ? 'Error: sign in with a link' : 'Sign in with a link'}>
    <div class="narrow">
      <h1>Sign in with a link</h1>
      <Flash error={error} />
      {error ? (
        <p>
          <a href="/admin/login">Sign in with an emailed code</a>, or print a new link with <code>vitrine owner login-link EMAIL</code>.
        </p>
      ) : (
        <form class="form" method="post" action="/admin/login/link">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="token" value={token} />
          <p>This link signs you in once and then stops working.</p>
          <button class="button" type="submit">
            Sign in
          </button>
        </form>
      )}
    </div>
  </AdminLayout>
);
