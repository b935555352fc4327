import type { FC } from 'hono/jsx';

/**
 * The one-line messages a page shows after an action: an error (role="alert", read out at once)
 * and a notice (role="status", read out politely). Either may be absent.
 */
export const Flash: FC<{ notice?: string | undefined; error?: string | undefined }> = ({ notice, error }) => (
  <>
    {error ? (
      <div class="error-summary" role="alert">
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
