import type { Child, FC } from 'hono/jsx';
import { Brand, type Site } from '../layout.js';

export interface AdminFrame {
  site: Site;
  /** the signed-in owner, or null on the sign-in pages */
  owner: string | null;
  csrfToken: string;
  /** how many inquiries are still new, shown in the header */
  unread?: number;
  current?: 'inbox' | 'projects' | 'profile' | 'deliveries' | 'tokens' | undefined;
  /** notifications not getting through (failing, or given up on in the last day); absent when all is well */
  trouble?: { undelivered: number; lastError: string | null };
}

export interface AdminLayoutProps extends AdminFrame {
  title: string;
  children?: Child;
}

/** The hidden field every owner form carries (middleware/csrf.ts). */
export const CsrfField: FC<{ token: string }> = ({ token }) => <input type="hidden" name="_csrf" value={token} />;

/**
 * The links between pages of an owner's list, newest first. Cursors only go forward: a later page
 * leads back to the first of the same view (`newest`, set on a continued page) and on to the next
 * (`older`, set while there is one).
 */
export const Pager: FC<{ what: string; newest?: string | undefined; older?: string | undefined }> = ({ what, newest, older }) =>
  newest || older ? (
    <p class="pager">
      {newest ? (
        <a class="button secondary" href={newest}>
          Newest {what}
        </a>
      ) : null}
      {older ? (
        <a class="button secondary" href={older}>
          Older {what}
        </a>
      ) : null}
    </p>
  ) : null;

/**
 * The form of a page that asks before something that cannot be undone (deleting an inquiry or a
 * project, revoking a token): the one button that does it, and the way back that does not.
 */
export const ConfirmForm: FC<{ action: string; csrfToken: string; label: string; keep: string; children?: Child }> = ({ action, csrfToken, label, keep, children }) => (
  <form method="post" action={action} class="actions">
    <CsrfField token={csrfToken} />
    {children}
    <button type="submit" class="button danger">
      {label}
    </button>
    <a href={keep}>Keep it</a>
  </form>
);

/**
 * The owner's pages: the public site's design, its own header (inbox with the unread count,
 * deliveries, API tokens, sign out) and nothing for search engines.
 */
/**
 * On every owner page while notifications are not getting through: the owners must hear of
 * every inquiry, and a mail server or webhook that refuses them is otherwise silent. Not an
 * alert (it would be read out on every page), and no heading before the page's own h1.
 */
const DeliveryTrouble: FC<{ trouble: NonNullable<AdminFrame['trouble']> }> = ({ trouble }) => (
  <section class="error-summary" aria-label="Notifications are not getting through">
    <p>
      <strong>Notifications are not getting through.</strong>{' '}
      {trouble.undelivered === 1 ? '1 notification has' : `${trouble.undelivered} notifications have`} not been delivered
      {trouble.lastError ? <> (last error: <q>{trouble.lastError.slice(0, 200)}</q>)</> : null}. The inquiries themselves are in the inbox. <a href="/admin/deliveries">See deliveries</a>
    </p>
  </section>
);

export const AdminLayout: FC<AdminLayoutProps> = ({ site, owner, csrfToken, unread, current, trouble, title, children }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      {/* Fetch §3.1: forms name their real origin for the CSRF check under Referrer-Policy: no-referrer. */}
      <meta name="referrer" content="same-origin" />
      <title>{`${title} — ${site.name} admin`}</title>
      <link rel="stylesheet" href={site.cssHref} />
      <link rel="stylesheet" href={site.studio.css.path} />
      <link rel="icon" href={site.iconHref} type="image/svg+xml" />
    </head>
    <body class="admin">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <div class="wrap">
          <a class="brand" href={owner ? '/admin' : '/'}>
            <Brand site={site} note={<> <span class="brand-note">admin</span></>} />
          </a>
          {owner ? (
            <nav class="site-nav" aria-label="Admin">
              <ul>
                <li>
                  <a href="/admin" aria-current={current === 'inbox' ? 'page' : undefined}>
                    Inbox{unread ? <span class="count-badge"> {unread} new</span> : null}
                  </a>
                </li>
                <li>
                  <a href="/admin/projects" aria-current={current === 'projects' ? 'page' : undefined}>
                    Projects
                  </a>
                </li>
                <li>
                  <a href="/admin/profile" aria-current={current === 'profile' ? 'page' : undefined}>
                    Profile
                  </a>
                </li>
                <li>
                  <a href="/admin/deliveries" aria-current={current === 'deliveries' ? 'page' : undefined}>
                    Deliveries
                  </a>
                </li>
                <li>
                  <a href="/admin/tokens" aria-current={current === 'tokens' ? 'page' : undefined}>
                    API tokens
                  </a>
                </li>
                <li>
                  <form method="post" action="/admin/logout" class="inline-form">
                    <CsrfField token={csrfToken} />
                    <button type="submit" class="button secondary small">
                      Sign out <span class="visually-hidden">{owner}</span>
                    </button>
                  </form>
                </li>
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      <main id="main" tabindex={-1}>
        <div class="wrap admin-page">
          {trouble ? <DeliveryTrouble trouble={trouble} /> : null}
          {children}
        </div>
      </main>
    </body>
  </html>
);
