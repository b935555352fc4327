import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { tokenName, type OwnerTokens } from '../../owner/owner-tokens.js';
import { renderConfirmRevokePage, renderTokensPage } from '../../pages/admin/render.js';
import type { TokensView } from '../../pages/admin/tokens.js';
import { frameOf, seeOther, sendAdminHtml, signedIn, signInFirst, type AdminDeps } from '../admin/context.js';
import type { AppEnv } from '../env.js';

export interface TokenRouteOptions extends AdminDeps {
  tokens: OwnerTokens;
  /** a fresh id for one creation form */
  formId(): string;
  /** records a creation form's id as used; false when it was used before (the form sent again) */
  spendForm(id: string): Promise<boolean>;
}

const FORM_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * /admin/tokens: owner API tokens, created (shown once), listed and revoked in the browser. The
 * creation answer cannot be a redirect (it shows the secret, which is kept nowhere), so each form
 * carries a one-off id: sent again (a reload of that answer), it creates nothing.
 */
export function registerTokenRoutes(app: OpenAPIHono<AppEnv>, deps: TokenRouteOptions): void {
  const { tokens } = deps;
  const render = async (c: Context<AppEnv>, extra: Partial<TokensView> = {}, status = 200) =>
    sendAdminHtml(c, renderTokensPage({ ...(await frameOf(c, deps)), tokens: await tokens.list(), formId: deps.formId(), ...extra }), status);

  app.get('/admin/tokens', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    return render(c, { notice: c.req.query('revoked') === '1' ? 'The token was revoked: it stops working at once.' : undefined });
  });

  app.post('/admin/tokens', async (c) => {
    const owner = c.get('owner');
    if (!owner) return signInFirst(c);
    const body = await c.req.parseBody();
    const name = String(body.name ?? '');
    const formId = String(body.form_id ?? '');
    try {
      // A refused name leaves the form unspent: sent again (a reload of the error), it is refused
      // again, not answered as if a token had been made.
      tokenName(name);
      if (!FORM_ID.test(formId) || !(await deps.spendForm(formId))) {
        // Spent before the token is made, so the first sending may have failed after it (a
        // database error): the notice cannot say a token exists, only where it would be.
        return render(c, { notice: 'That form was already sent, so no second token was made. If the first sending made a token, it is in the list below; its secret was shown once. If it was not copied, revoke it and create another.' }, 409);
      }
      const { token, view } = await tokens.create(owner.email, name);
      // The raw token is in this one answer (never cached) and nowhere else.
      return render(c, { created: { name: view.name, token } }, 201);
    } catch (error) {
      if (error instanceof ValidationError) return render(c, { error: error.message }, 422);
      throw error;
    }
  });

  // Revoking cannot be undone: the list links here, and only this page's form revokes.
  app.get('/admin/tokens/:id/revoke', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const id = c.req.param('id');
    const token = (await tokens.list()).find((t) => t.id === id && t.revoked_at === null);
    if (!token) throw new NotFoundError(`No live owner API token has the id "${id.slice(0, 100)}".`);
    return sendAdminHtml(c, renderConfirmRevokePage({ ...(await frameOf(c, deps)), token }));
  });

  app.post('/admin/tokens/:id/revoke', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    await tokens.revoke(c.req.param('id').slice(0, 100));
    return seeOther(c, '/admin/tokens?revoked=1');
  });
}
