import { parseArgs } from 'node:util';
import { ValidationError } from '../../lib/errors.js';
import { OwnerTokens } from '../../owner/owner-tokens.js';
import { normalizeEmail, Owners } from '../../owner/owners.js';
import { Sessions } from '../../owner/sessions.js';
import { LINK_MINUTES, LoginLinks } from '../../owner/login-links.js';
import type { Store } from '../../store/ports/index.js';
import { UsageError, withStore, type CommandContext, type ExitCode } from '../io.js';

export const OWNER_USAGE = `  owner add EMAIL             make EMAIL an owner (OWNER_EMAILS names more)
  owner list                  list the owners and where each comes from
  owner remove EMAIL          remove an owner added with \`owner add\`
  owner login-link EMAIL      print a one-time sign-in URL (${LINK_MINUTES} minutes), for a first sign-in without mail
  owner sign-out-all EMAIL    end every session of an owner
  owner token create --name NAME EMAIL
                              create an owner API token for /api/v1/admin (printed once)
  owner token list [EMAIL]    list owner API tokens
  owner token revoke ID       revoke an owner API token`;

function one(args: readonly string[], what: string): string {
  if (args.length !== 1) throw new UsageError(`${what} needs exactly one EMAIL`);
  return args[0]!;
}

/** `vitrine owner …`: owners, sign-in links, sessions and owner API tokens. */
export async function ownerCommand(ctx: CommandContext): Promise<ExitCode> {
  const [sub, ...rest] = ctx.args;
  const { config, io, clock, random } = ctx;
  const owners = (store: Store) => new Owners(store.owners, config.ownerEmails, clock);
  const out = (line: string) => io.stdout.write(`${line}\n`);
  switch (sub) {
    case 'add': {
      const email = one(rest, 'owner add');
      return withStore(ctx, async (store) => {
        try {
          const { email: added, added: isNew } = await owners(store).add(email);
          out(isNew ? `${added} is now an owner` : `${added} was already an owner`);
          return 0;
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          io.stderr.write(`vitrine owner add: ${error.message}\n`);
          return 1;
        }
      }, { create: true });
    }
    case 'list':
      if (rest.length > 0) throw new UsageError('owner list takes no arguments');
      return withStore(ctx, async (store) => {
        const list = await owners(store).list();
        if (list.length === 0) out('no owners yet: set OWNER_EMAILS or run `vitrine owner add EMAIL`');
        for (const owner of list) out(`${owner.email}\t${owner.sources.join(', ')}`);
        return 0;
      });
    case 'remove': {
      const email = one(rest, 'owner remove');
      return withStore(ctx, async (store) => {
        const { removed, stillConfigured } = await owners(store).remove(email);
        if (removed) await store.sessions.deleteFor(normalizeEmail(email));
        // Revoked, not only refused while they are no owner: adding the address again later must not revive them.
        if (removed && !stillConfigured) await revokeTokensOf(store, normalizeEmail(email), clock.now());
        const address = normalizeEmail(email);
        const fail = (line: string) => io.stderr.write(`vitrine owner remove: ${line}\n`);
        if (removed) out(`${address} is no longer an owner added here; their sessions ended${stillConfigured ? '' : ' and their API tokens are revoked'}`);
        // Still an owner afterwards is a failure, whatever was removed: the operator asked for them to be no owner.
        if (stillConfigured) fail(`${address} ${removed ? 'is still an owner: it is also configured in OWNER_EMAILS' : 'is configured in OWNER_EMAILS, not added with `owner add`, so it stays an owner'}; remove it from OWNER_EMAILS and restart the server`);
        else if (!removed) fail(`${address} was not added with \`owner add\`, so nothing was removed (see \`vitrine owner list\`; an owner named in the server's OWNER_EMAILS is removed there)`);
        return removed && !stillConfigured ? 0 : 1;
      });
    }
    case 'login-link': {
      const email = one(rest, 'owner login-link');
      return withStore(ctx, async (store) => {
        if (!(await owners(store).isOwner(email))) {
          // The CLI reads the server's environment only if it is given the same: an owner named in
          // the server's OWNER_EMAILS is not one here unless OWNER_EMAILS is set for this command too.
          io.stderr.write(`vitrine owner login-link: ${email} is not an owner (run \`vitrine owner add ${email}\` first, or give this command the OWNER_EMAILS the server has)\n`);
          return 1;
        }
        out(await new LoginLinks(store.loginLinks, owners(store), clock, random).create(email, config.publicUrl));
        io.stderr.write(`It works once, for ${LINK_MINUTES} minutes.\n`);
        return 0;
      });
    }
    case 'sign-out-all': {
      const email = one(rest, 'owner sign-out-all');
      return withStore(ctx, async (store) => {
        const sessions = new Sessions({ store: store.sessions, owners: owners(store), clock, random, idleMs: 0, absoluteMs: 0 });
        out(`ended ${await sessions.endAll(normalizeEmail(email))} session(s) of ${normalizeEmail(email)}`);
        return 0;
      });
    }
    case 'token':
      return tokenCommand({ ...ctx, args: rest }, owners);
    default:
      throw new UsageError(sub === undefined ? 'owner needs a subcommand' : `unknown owner subcommand "${sub}"`);
  }
}

async function tokenCommand(ctx: CommandContext, owners: (store: Store) => Owners): Promise<ExitCode> {
  const [sub, ...rest] = ctx.args;
  const { io, clock, random } = ctx;
  const tokens = (store: Store) => new OwnerTokens(store.ownerTokens, owners(store), clock, random);
  switch (sub) {
    case 'create': {
      const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, options: { name: { type: 'string' } } });
      if (positionals.length !== 1 || !values.name) throw new UsageError('owner token create needs --name NAME and one EMAIL');
      return withStore(ctx, async (store) => {
        try {
          const { token, view } = await tokens(store).create(normalizeEmail(positionals[0]!), values.name!);
          io.stdout.write(`${token}\n`);
          io.stderr.write(`created ${view.id} "${view.name}" for ${view.email}: the token above is shown this once\n`);
          return 0;
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          io.stderr.write(`vitrine owner token create: ${error.message}\n`);
          return 1;
        }
      });
    }
    case 'list':
      if (rest.length > 1) throw new UsageError('owner token list takes at most one EMAIL');
      return withStore(ctx, async (store) => {
        for (const t of await tokens(store).list(rest[0] ? normalizeEmail(rest[0]) : undefined)) {
          io.stdout.write(`${t.id}\t${t.email}\t${t.name}\t${t.revoked_at === null ? 'active' : 'revoked'}\n`);
        }
        return 0;
      });
    case 'revoke':
      if (rest.length !== 1) throw new UsageError('owner token revoke needs one ID');
      return withStore(ctx, async (store) => {
        const revoked = await tokens(store).revoke(rest[0]!);
        io.stdout.write(revoked ? `revoked ${rest[0]}\n` : `no active token ${rest[0]}\n`);
        return revoked ? 0 : 1;
      });
    default:
      throw new UsageError(sub === undefined ? 'owner token needs create, list or revoke' : `unknown owner token subcommand "${sub}"`);
  }
}

async function revokeTokensOf(store: Store, email: string, nowMs: number): Promise<void> {
  for (const token of await store.ownerTokens.list(email)) if (token.revoked_at === null) await store.ownerTokens.revoke(token.id, nowMs);
}
