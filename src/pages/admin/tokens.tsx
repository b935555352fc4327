import type { FC } from 'hono/jsx';
import { Flash } from '../flash.js';
import type { OwnerTokenView } from '../../owner/owner-tokens.js';
import { AdminLayout, ConfirmForm, CsrfField, type AdminFrame } from './admin-layout.js';
import { humanTimeOrDash } from '../../lib/human-time.js';

export interface TokensView extends AdminFrame {
  tokens: OwnerTokenView[];
  /** a token just created: shown this once */
  created?: { name: string; token: string } | undefined;
  error?: string | undefined;
  notice?: string | undefined;
  /** the creation form's one-off id (a resubmission creates nothing) */
  formId: string;
}


export const TokensPage: FC<TokensView> = (view) => {
  const { tokens, created, error, notice, csrfToken, formId } = view;
  const at = (ms: number | null) => humanTimeOrDash(ms, view.site.studio.profile.time_zone);
  return (
    <AdminLayout {...view} current="tokens" title="API tokens">
      <h1>API tokens</h1>
      <p class="lead">
        Owner API tokens open the admin API (<code>/api/v1/admin/inquiries</code>) for scripts and integrations. They never work on the public API, and are
        never handed out by the public OAuth server.
      </p>
      {created ? (
        <div class="notice" role="status">
          <p>
            The token <strong>{created.name}</strong> was created. Copy it now: it is shown this once and stored only as a hash.
          </p>
          <p>
            <code class="secret">{created.token}</code>
          </p>
        </div>
      ) : null}
      <Flash notice={notice} error={error} />
      <form class="form inline" method="post" action="/admin/tokens">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="form_id" value={formId} />
        <div class="field">
          <label for="name">Name of a new token</label>
          <span class="hint" id="name-hint">
            What uses it, e.g. “CRM sync”.
          </span>
          <input id="name" name="name" type="text" required maxlength={100} aria-describedby="name-hint" />
        </div>
        <button class="button" type="submit">
          Create token
        </button>
      </form>
      {tokens.length === 0 ? (
        <p class="empty">No tokens yet.</p>
      ) : (
        <table class="inbox">
          <caption class="visually-hidden">Owner API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Owner</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr>
                <td>
                  {t.name} <span class="sub">{t.id}</span>
                </td>
                <td>{t.email}</td>
                <td>{at(t.created_at)}</td>
                <td>{at(t.last_used_at)}</td>
                <td>
                  {t.revoked_at === null ? (
                    <a class="danger-link" href={`/admin/tokens/${t.id}/revoke`}>
                      Revoke<span class="visually-hidden"> {t.name}</span>…
                    </a>
                  ) : (
                    `Revoked ${at(t.revoked_at)}`
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AdminLayout>
  );
};

export interface ConfirmRevokeView extends AdminFrame {
  token: OwnerTokenView;
}

/** Revoking cannot be undone and stops every script using the token at once: the list links here, and only this page's form revokes. */
export const ConfirmRevokePage: FC<ConfirmRevokeView> = (view) => {
  const { token, csrfToken } = view;
  const at = (ms: number | null) => humanTimeOrDash(ms, view.site.studio.profile.time_zone);
  return (
    <AdminLayout {...view} current="tokens" title="Revoke an API token">
      <div class="narrow">
        <h1>Revoke the token “{token.name}”?</h1>
        <p>
          Created {at(token.created_at)} by {token.email}, {token.last_used_at === null ? 'never used' : `last used ${at(token.last_used_at)}`}. Every script or integration using it stops working at once. This
          cannot be undone: they would need a new token.
        </p>
        <ConfirmForm action={`/admin/tokens/${token.id}/revoke`} csrfToken={csrfToken} label="Revoke the token" keep="/admin/tokens" />
      </div>
    </AdminLayout>
  );
};
