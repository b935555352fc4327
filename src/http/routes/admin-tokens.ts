import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ValidationError } from '../../lib/errors.js';
import type { OwnerTokens } from '../../owner/owner-tokens.js';
import { renderTokensPage } from '../../pages/admin/render.js';
import type { TokensView } from '../../pages/admin/tokens.js';
import { frameOf, seeOther, sendAdminHtml, signedIn, signInFirst, type AdminDeps } from '../admin/context.js';
import type { AppEnv } from '../env.js';

/** /admin/tokens: owner API tokens, created (shown once), listed and revoked in the browser. */
export function registerTokenRoutes(app: OpenAPIHono<AppEnv>, deps: AdminDeps & { tokens: OwnerTokens }): void {
  const { tokens } = deps;
  const render = async (c: Context<AppEnv>, extra: Partial<TokensView> = {}, status = 200) =>
    sendAdminHtml(c, renderTokensPage({ ...(await frameOf(c, deps)), tokens: await tokens.list(), ...extra }), status);

  app.get('/admin/tokens', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    return render(c, { notice: c.req.query('revoked') === '1' ? 'The token was revoked: it stops working at once.' : undefined });
  });

  app.post('/admin/tokens', async (c) => {
    const owner = c.get('owner');
    if (!owner) return signInFirst(c);
    const name = String((await c.req.parseBody()).name ?? '');
    try {
      const { token, view } = await tokens.create(owner.email, name);
      // The raw token is in this one answer (never cached) and nowhere else.
      return render(c, { created: { name: view.name, token } }, 201);
    } catch (error) {
      if (error instanceof ValidationError) return render(c, { error: error.message }, 422);
      throw error;
    }
  });

  app.post('/admin/tokens/:id/revoke', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    await tokens.revoke(c.req.param('id').slice(0, 100));
    return seeOther(c, '/admin/tokens?revoked=1');
  });
}
