import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PreconditionFailedError, ValidationError } from '../../lib/errors.js';
import { renderProfilePage } from '../../pages/admin/render.js';
import { PROFILE_FIELDS, type ProfileErrors } from '../../pages/admin/profile.js';
import { profileFormErrors, profileFormValues, profileInput, type ProfileFormValues } from '../../studio/profile-form.js';
import type { LogoChange, StudioService } from '../../studio/service.js';
import { frameOf, seeOther, sendAdminHtml, signedIn, signInFirst, type AdminDeps } from '../admin/context.js';
import type { AppEnv } from '../env.js';

/** A file input cannot be filled in again: a good new logo refused with the rest is named, or it would be lost unseen. */
const LOGO_NOT_SAVED = 'the new logo was not saved, as nothing was: choose the file again';

/** /admin/profile: the studio profile and logo, edited in a multipart form. */
export function registerProfileRoutes(app: OpenAPIHono<AppEnv>, deps: AdminDeps & { studio: StudioService }): void {
  const { studio } = deps;
  const render = async (c: Context<AppEnv>, values: ProfileFormValues, errors: ProfileErrors, status = 200, notice?: string, removeLogo = false, conflict?: string) => {
    const logo = (await studio.current()).logo;
    const view = { ...(await frameOf(c, deps)), values, errors, logo: logo ? { path: logo.path, width: logo.width, height: logo.height } : null, removeLogo, notice, conflict, version: await studio.version() };
    return sendAdminHtml(c, renderProfilePage(view), status);
  };

  app.get('/admin/profile', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const notice = c.req.query('saved') === '1' ? 'The profile was saved: the site shows it now.' : undefined;
    return render(c, profileFormValues((await studio.current()).profile), {}, 200, notice);
  });

  app.post('/admin/profile', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const body = await c.req.parseBody();
    const values = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, typeof body[f] === 'string' ? (body[f] as string).slice(0, 10_000) : ''])) as unknown as ProfileFormValues;
    const file = body.logo;
    let change: LogoChange = { kind: 'keep' };
    if (file instanceof File && file.size > 0) change = { kind: 'replace', bytes: new Uint8Array(await file.arrayBuffer()) };
    else if (body.remove_logo === '1') change = { kind: 'remove' };
    const { input, serviceLines, linkLines } = profileInput(values);
    try {
      // A form without `version` (a script's post) is not checked; every page the server renders carries it.
      await studio.save(input, change, typeof body.version === 'string' ? body.version : undefined);
    } catch (error) {
      if (error instanceof PreconditionFailedError) {
        const conflict = 'Someone saved the profile after you opened this page, so yours was not saved. Your version is below; the site shows theirs — check it, then save again.';
        return render(c, values, change.kind === 'replace' ? { logo: LOGO_NOT_SAVED } : {}, 412, undefined, change.kind === 'remove', conflict);
      }
      if (!(error instanceof ValidationError)) throw error;
      const errors = profileFormErrors(error.errors ?? [], serviceLines, linkLines) as ProfileErrors;
      if (change.kind === 'replace' && !errors.logo) errors.logo = LOGO_NOT_SAVED;
      return render(c, values, errors, 422, undefined, change.kind === 'remove');
    }
    return seeOther(c, '/admin/profile?saved=1');
  });
}
