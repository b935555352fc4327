import type { FC } from 'hono/jsx';
import type { ReturnTarget } from '../../oauth/redirect-uris.js';
import { CODE_PATTERN, Flash } from '../flash.js';
import { Layout, renderDocument, type Site } from '../layout.js';

/** The scopes in plain words (the consent page names what the application may do). */
export const SCOPE_WORDS: Record<string, string> = {
  'catalog:read': 'Read the studio’s public catalog of projects.',
  'inquiries:write': 'Send inquiries to the studio for you.',
  'sandbox:write': 'Rehearse inquiries in the sandbox, where nothing is stored.',
};

export interface ConsentView {
  site: Site;
  csrfToken: string;
  ticket: string;
  clientName: string;
  /** true when the client named itself (registration or its document); the page says so */
  clientId: string;
  logoUri: string | null;
  clientUri: string | null;
  /** where the browser returns to: a web host, a program on this computer, or an app by its scheme */
  returnTo: ReturnTarget;
  scopes: string[];
  /** whether an email address can be proven (mail is configured) */
  emailProof: boolean;
  email?: string;
  error?: string | undefined;
}

/** Fetch §3.1: forms name their real origin for the CSRF check under Referrer-Policy: no-referrer. */
const SAME_ORIGIN_REFERRER = <meta name="referrer" content="same-origin" />;

const Hidden: FC<{ csrfToken: string; ticket: string }> = ({ csrfToken, ticket }) => (
  <>
    <input type="hidden" name="_csrf" value={csrfToken} />
    <input type="hidden" name="ticket" value={ticket} />
  </>
);

const Summary: FC<{ view: ConsentView }> = ({ view }) => (
  <>
    <div class="consent-client">
      {view.logoUri ? <img src={view.logoUri} alt="" width="48" height="48" referrerpolicy="no-referrer" /> : null}
      <p>
        <strong>{view.clientName}</strong> wants to connect to {view.site.name}. The application chose this name itself; {view.site.name} has not checked it.
        {view.clientUri ? (
          <>
            {' '}
            Its website: <a href={view.clientUri}>{view.clientUri}</a>.
          </>
        ) : null}
      </p>
    </div>
    <h2>It will be able to</h2>
    <ul>
      {view.scopes.map((s) => (
        <li>{SCOPE_WORDS[s] ?? s}</li>
      ))}
    </ul>
    <ReturnsTo view={view} />
  </>
);

/**
 * Where the answer goes. MCP 2025-11-25 authorization §"Localhost Redirect URI Risks": the
 * redirect's host is always shown, with a warning when only this device receives it (a
 * loopback address, or an app's own scheme, which any app may claim); and a client identified by
 * its metadata document's URL is named by that URL's host, which the application cannot choose.
 */
const ReturnsTo: FC<{ view: ConsentView }> = ({ view }) => {
  const to = view.returnTo;
  const documentHost = /^https:\/\//.test(view.clientId) ? new URL(view.clientId).host : null;
  return (
    <>
      {documentHost ? (
        <p>
          It is identified by a description published at <strong>{documentHost}</strong>.
        </p>
      ) : null}
      <p>
        Afterwards you return to{' '}
        {to.kind === 'web' ? (
          <strong>{to.host}</strong>
        ) : to.kind === 'loopback' ? (
          <>
            <strong>{to.host}</strong>, a program on this computer
          </>
        ) : (
          <>
            the app that opens <strong>{to.scheme}</strong> links on this device
          </>
        )}
        .
      </p>
      {to.kind === 'web' ? null : (
        <p class="notice">
          <strong>Allow only if you started this just now</strong>, from an application you trust: any program on this device could have asked in its name.
        </p>
      )}
    </>
  );
};

const Decide: FC<{ view: ConsentView }> = ({ view }) => (
  <form class="form" method="post" action="/oauth/authorize">
    <Hidden csrfToken={view.csrfToken} ticket={view.ticket} />
    <button class="button" type="submit" name="action" value="anonymous">
      Allow without sharing an email address
    </button>{' '}
    <button class="button secondary" type="submit" name="action" value="deny">
      Deny
    </button>
  </form>
);

/** Step 1: who asks for what, and the choices. */
export const ConsentPage: FC<{ view: ConsentView }> = ({ view }) => (
  <Layout site={view.site} title={`${view.error ? 'Error: ' : ''}Allow ${view.clientName}? — ${view.site.name}`} head={SAME_ORIGIN_REFERRER}>
    <div class="wrap narrow">
      <h1>Allow {view.clientName}?</h1>
      <Flash error={view.error} />
      <Summary view={view} />
      <Decide view={view} />
      {view.emailProof ? (
        <>
          <h2>Or allow it as your email address</h2>
          <p>Inquiries it sends then come from a confirmed address, so the studio can answer you. We email you a six-digit code.</p>
          <form class="form" method="post" action="/oauth/authorize">
            <Hidden csrfToken={view.csrfToken} ticket={view.ticket} />
            <div class="field">
              <label for="email">Your email address</label>
              <input id="email" name="email" type="email" autocomplete="email" required maxlength={254} value={view.email ?? ''} />
            </div>
            <button class="button secondary" type="submit" name="action" value="send_code">
              Email me a code
            </button>
          </form>
        </>
      ) : null}
    </div>
  </Layout>
);

/** Step 2 (email): the code. */
export const ConsentCodePage: FC<{ view: ConsentView & { email: string; validMinutes: number } }> = ({ view }) => (
  <Layout site={view.site} title={`${view.error ? 'Error: ' : ''}Enter your code — ${view.site.name}`} head={SAME_ORIGIN_REFERRER}>
    <div class="wrap narrow">
      <h1>Check your email</h1>
      <Flash error={view.error} />
      <p>
        We sent a six-digit code to <strong>{view.email}</strong>. It works once, for {view.validMinutes} minutes. Entering it allows <strong>{view.clientName}</strong> to act as this address.
      </p>
      <form class="form" method="post" action="/oauth/authorize">
        <Hidden csrfToken={view.csrfToken} ticket={view.ticket} />
        <input type="hidden" name="email" value={view.email} />
        <div class="field">
          <label for="code">Six-digit code</label>
          <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern={CODE_PATTERN} maxlength={12} required aria-invalid={view.error ? 'true' : undefined} />
        </div>
        <button class="button" type="submit" name="action" value="verify">
          Confirm and allow
        </button>
      </form>
      <Summary view={view} />
      <Decide view={view} />
    </div>
  </Layout>
);

/** An authorization request that cannot go back to the application (RFC 6749 §4.1.2.1). */
export const AuthorizeErrorPage: FC<{ site: Site; message: string }> = ({ site, message }) => (
  <Layout site={site} title={`Error: this sign-in request cannot be completed — ${site.name}`}>
    <div class="wrap narrow">
      <h1>This request cannot be completed</h1>
      <div class="error-summary" role="alert">
        <p>{message}</p>
      </div>
      <p>Go back to the application and try again. If it keeps happening, the application is misconfigured; tell its developers.</p>
    </div>
  </Layout>
);

export const renderConsentPage = (view: ConsentView): string => renderDocument(<ConsentPage view={view} />);
export const renderConsentCodePage = (view: ConsentView & { email: string; validMinutes: number }): string => renderDocument(<ConsentCodePage view={view} />);
export const renderAuthorizeErrorPage = (site: Site, message: string): string => renderDocument(<AuthorizeErrorPage site={site} message={message} />);
