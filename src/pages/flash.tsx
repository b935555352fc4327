import type { FC } from 'hono/jsx';

/**
 * A six-digit code as people paste or type it: `123456`, `123 456`, with stray spaces around.
 * The server drops the spaces; `[0-9]{6}` made the browser refuse a pasted `123 456`.
 */
export const CODE_PATTERN = '\\s*[0-9]{3}\\s?[0-9]{3}\\s*';

/**
 * The one-line messages a page shows after an action: an error (role="alert", read out at once)
 * and a notice (role="status", read out politely). Either may be absent. The error takes focus as
 * the page loads, as the error summary does, so a keyboard user starts at what went wrong.
 */
export const Flash: FC<{ notice?: string | undefined; error?: string | undefined; errorId?: string }> = ({ notice, error, errorId }) => (
  <>
    {error ? (
      <div class="error-summary" role="alert" id={errorId} tabindex={-1} autofocus>
        <p>{error}</p>
      </div>
    ) : null}
    {notice ? (
      <p class="notice" role="status">
        {notice}
      </p>
    ) : null}
  </>
);

export interface SummaryItem {
  /** the field's id, linked so the reader can jump to it; absent for an error of the whole form */
  field?: string | undefined;
  text: string;
}

/**
 * The error summary at the top of a form that came back with errors (nothing when there are
 * none). It takes focus as the page loads (`autofocus`: no script, which the CSP forbids), so a
 * keyboard or screen-reader user starts at the list of what to fix, each item a link to its
 * field (WCAG 2.2 SC 3.3.1; the GOV.UK error summary pattern).
 */
export const ErrorSummary: FC<{ title: string; items: SummaryItem[] }> = ({ title, items }) =>
  items.length === 0 ? null : (
    <div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex={-1} autofocus>
      <h2 id="error-summary-title">{title}</h2>
      <ul>
        {items.map((item) => (item.field === undefined ? <li>{item.text}</li> : <li><a href={`#${item.field}`}>{item.text}</a></li>))}
      </ul>
    </div>
  );
