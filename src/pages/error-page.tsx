import type { FC } from 'hono/jsx';
import { formatByteSize } from './byte-size.js';
import { Layout, type Site } from './layout.js';

/** What a page says beyond its status: a 413's limit, and the form (a path on this site) the request came from. */
export interface ErrorPageDetails {
  limitBytes?: number | undefined;
  backTo?: string | undefined;
}

/** Friendly 4xx/5xx pages for browsers; API clients get problem+json instead. */
export const ErrorPage: FC<{ site: Site; status: number; requestId?: string | undefined; retryAfterSeconds?: number | undefined } & ErrorPageDetails> = ({ site, status, requestId, retryAfterSeconds, limitBytes, backTo }) => {
  const notFound = status === 404;
  const tooMany = status === 429;
  const tooLarge = status === 413;
  const title = notFound ? 'We could not find that page' : tooMany ? 'Too many attempts' : tooLarge ? 'That was too large to send' : status >= 500 ? 'Something went wrong on our side' : 'This request could not be handled';
  return (
    <Layout site={site} title={`${title} — ${site.name}`}>
      <div class="wrap error-page">
        <p class="code" aria-hidden="true">
          {status}
        </p>
        <h1>{title}</h1>
        {notFound ? (
          <p>The page may have moved, or the project is no longer published. The full catalog is one click away.</p>
        ) : tooMany ? (
          <p>{retryAfterSeconds === undefined ? 'Please wait a moment, then try again.' : `Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}, then try again.`}</p>
        ) : tooLarge ? (
          <p>
            Nothing was saved{limitBytes ? `: a form may send at most ${formatByteSize(limitBytes)}, files included` : ''}. Go back, choose a smaller file (or fewer at once), and send the form again.
          </p>
        ) : status >= 500 ? (
          <p>
            Please try again in a moment.{requestId ? ` If it keeps happening, quote request id ${requestId} when you contact us.` : ''}
          </p>
        ) : (
          <p>Please go back and try again.</p>
        )}
        <p>
          {backTo ? (
            <a class="button" href={backTo}>
              Back to the form
            </a>
          ) : (
            <a class="button" href="/">
              Browse all projects
            </a>
          )}
        </p>
      </div>
    </Layout>
  );
};
