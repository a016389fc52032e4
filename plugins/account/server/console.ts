import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { badRequest, HttpError, notFound } from '../../../kernel/server/errors.ts';
import { staffOf } from '../../../kernel/server/access.ts';
import { accounts, type AuthService } from '../../auth/server.ts';
import type { MembersConsole, MembersService } from '../../members/server.ts';
import type { CreditsService } from '../../credits/server.ts';
import type { ChatService } from '../../chat/server.ts';
import {
  MEMBERS_PAGE_SIZE, REACTIVATION_DAYS, RESET_LINK_HOURS,
  consoleMember, consoleMemberCredits, consoleMemberDelete, consoleMemberDisable, consoleMemberEnable, consoleMemberResetLink,
  consoleMemberRestore, consoleMembers, reactivateLink,
  type ConsoleMember, type ConsoleMemberRow,
} from '../contract.ts';
import { sendAccountMail } from './mails.ts';

// The operator console's members section (issue 22, part 5): search, a member's page, and the
// actions on it. Every change runs in one transaction with its audit row (kernel.audit.record);
// inside it every read and write goes through `trx` (the embedded database has one connection).
// Mails are queued after the commit (what builds them reads outside the transaction).

const DAY = 86400_000;
/** A domain search looks among this many of its newest members. */
const DOMAIN_SEARCH_MAX = 10_000;
const HOUR = 3600_000;
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

export interface ConsoleDeps {
  auth: AuthService;
  members: MembersService;
  membersConsole: MembersConsole;
  credits: CreditsService;
  chat?: ChatService;
}

type AccountRow = NonNullable<Awaited<ReturnType<typeof accounts.consoleAccount>>>;

/** What an audit row keeps of an account. */
const accountAudit = (a: AccountRow) => ({
  email: a.email, status: a.status, disabled_at: iso(a.disabled_at), deleted_at: iso(a.deleted_at),
});

/** Keeps the domain a member signed up on (the signup plugin's event, in its transaction). */
export function rememberSignupDomains(kernel: Kernel) {
  kernel.events.on('signup:completed', async (p, trx) => {
    await trx.insertInto('account_signup_domains').values({ user_id: p.userId, domain: p.domain.toLowerCase() })
      .onConflict((oc) => oc.column('user_id').doNothing()).execute();
  });
}

export function consoleRoutes(app: FastifyInstance, kernel: Kernel, deps: ConsoleDeps) {
  const { db, tokens } = kernel;
  const { members, membersConsole, credits, chat } = deps;

  /** The member's page: the account, profile, photos, reports, credits, conversations and logins. */
  async function memberView(id: number, staffId: number): Promise<ConsoleMember> {
    const a = await accounts.consoleAccount(db, id);
    if (!a) throw notFound('member_not_found', 'No such member.');
    const [profile, photos, reports, account, entries, conversations, logins, deletion] = await Promise.all([
      membersConsole.profile(id),
      membersConsole.photos(id, staffId),
      membersConsole.reports(id, staffId),
      credits.account(id),
      credits.entries(id, { limit: 100 }),
      chat ? chat.conversationCount(id) : Promise.resolve(null),
      accounts.loginHistory(db, id),
      a.deleted_at
        ? db.selectFrom('account_deletions').select(['reason', 'comment', 'requested_at']).where('user_id', '=', id)
          .where('reactivated_at', 'is', null).orderBy('id', 'desc').executeTakeFirst()
        : Promise.resolve(undefined),
    ]);
    return {
      account: {
        id: a.id, email: a.email, status: a.status, role: a.role, language: a.language, domain: (await domainsOf([id])).get(id) ?? null,
        created_at: iso(a.signup_date ?? a.created_at)!, last_seen: iso(a.last_seen), last_login: iso(a.last_login),
        deleted_at: iso(a.deleted_at), disabled_at: iso(a.disabled_at),
        purge_at: a.deleted_at ? iso(new Date(new Date(a.deleted_at).getTime() + REACTIVATION_DAYS * DAY)) : null,
      },
      profile, photos, reports,
      credits: {
        balance: account.balance, paid: account.paid,
        entries: entries.map((e) => ({ ...e, created_at: iso(e.created_at)! })),
      },
      conversations,
      logins: logins.map((l) => ({ ip: l.ip, last_login: iso(l.last_login)! })),
      deletion: deletion ? { reason: deletion.reason, comment: deletion.comment, requested_at: iso(deletion.requested_at)! } : null,
    };
  }

  /**
   * Runs one action on a member under the account's row lock, audited in the same transaction
   * (before and after); staff accounts are not members (409 `staff_account`). Returns what `change`
   * returns and the account after.
   */
  async function act<T>(req: FastifyRequest, id: number, action: string,
    change: (a: AccountRow, trx: DB) => Promise<{ result?: T; extra?: Record<string, unknown>; extraBefore?: Record<string, unknown> }>) {
    return db.transaction().execute(async (trx) => {
      await accounts.lock(trx, id);
      const before = await accounts.consoleAccount(trx, id);
      if (!before) throw notFound('member_not_found', 'No such member.');
      if (before.role !== 'member') throw new HttpError(409, 'staff_account', 'This is a console account: change it with npm run operator.');
      const done = await change(before, trx);
      const after = (await accounts.consoleAccount(trx, id))!;
      await kernel.audit.record(trx, req, {
        action, target: `user:${id}`,
        before: { ...accountAudit(before), ...done.extraBefore }, after: { ...accountAudit(after), ...done.extra },
      });
      return { result: done.result, before, after };
    });
  }

  /** The members who signed up on `domain`, newest first (at most DOMAIN_SEARCH_MAX). */
  async function idsOnDomain(domain: string) {
    const rows = await db.selectFrom('account_signup_domains').select('user_id').where('domain', '=', domain)
      .orderBy('user_id', 'desc').limit(DOMAIN_SEARCH_MAX).execute();
    return rows.map((r) => r.user_id);
  }
  async function domainsOf(ids: readonly number[]) {
    if (!ids.length) return new Map<number, string>();
    const rows = await db.selectFrom('account_signup_domains').select(['user_id', 'domain']).where('user_id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.user_id, r.domain]));
  }

  const answer = async (req: FastifyRequest, id: number) => ({ member: await memberView(id, staffOf(req).userId) });

  // --- Search -------------------------------------------------------------------------------
  kernel.serve(app, consoleMembers, async (req) => {
    const term = req.query.q?.trim() || null;
    const domain = req.query.domain?.trim().toLowerCase() || null;
    if (!term && !domain) throw badRequest('search_empty', 'Type an e-mail address, a name, an id or a domain.');
    const page = req.query.page ?? 1;
    const ids = term ? await membersConsole.idsByName(term, 500) : [];
    const typed = term && /^#?\d{1,10}$/.test(term) ? Number(term.replace('#', '')) : null;
    if (typed != null && typed <= 2_147_483_647) ids.unshift(typed);
    const only = domain ? await idsOnDomain(domain) : undefined;
    const found = await accounts.consoleSearch(db, { term, ids, only, limit: MEMBERS_PAGE_SIZE, offset: (page - 1) * MEMBERS_PAGE_SIZE });
    const basics = await members.basics(found.rows.map((r) => r.id));
    const domains = await domainsOf(found.rows.map((r) => r.id));
    const items: ConsoleMemberRow[] = found.rows.map((r) => ({
      id: r.id, email: r.email, name: basics.get(r.id)?.name ?? '', status: r.status, role: r.role, domain: domains.get(r.id) ?? null,
      created_at: iso(r.signup_date ?? r.created_at)!, last_seen: iso(r.last_seen), deleted_at: iso(r.deleted_at), disabled_at: iso(r.disabled_at),
    }));
    return { items, total: found.total, page, per_page: MEMBERS_PAGE_SIZE };
  });

  kernel.serve(app, consoleMember, async (req) => memberView(req.query.id, staffOf(req).userId));

  // --- Disable and enable ------------------------------------------------------------------
  kernel.serve(app, consoleMemberDisable, async (req) => {
    const { id, reason } = req.body;
    await act(req, id, 'account.disable', async (a, trx) => {
      if (a.disabled_at) throw new HttpError(409, 'already_disabled', 'This account is disabled already.');
      await accounts.setDisabled(trx, id, kernel.clock.now());
      // Hidden from other members while disabled (as a deleted account is).
      await members.setStatus(id, 'disabled', trx);
      // Every session ends: the member's next request is a visitor's.
      await kernel.sessions.destroyAllFor(id, trx);
      return { extra: { reason: reason.trim() } };
    });
    return answer(req, id);
  });

  kernel.serve(app, consoleMemberEnable, async (req) => {
    const { id } = req.body;
    await act(req, id, 'account.enable', async (a, trx) => {
      if (!a.disabled_at) throw new HttpError(409, 'not_disabled', 'This account is not disabled.');
      await accounts.setDisabled(trx, id, null);
      // Listed again, unless the account waits for its deletion or its address was never confirmed.
      if (!a.deleted_at && a.status === 'active') await members.setStatus(id, 'active', trx);
      return {};
    });
    return answer(req, id);
  });

  // --- Delete (the member's own path: undoable within REACTIVATION_DAYS) and restore ---------
  kernel.serve(app, consoleMemberDelete, async (req) => {
    const { id, reason } = req.body;
    const { result } = await act(req, id, 'account.delete', async (a, trx) => {
      if (a.deleted_at) throw new HttpError(409, 'already_deleted', 'This account is deleted already.');
      const now = kernel.clock.now();
      await accounts.setDeleted(trx, id, now);
      await members.setStatus(id, 'disabled', trx);
      await trx.insertInto('account_deletions').values({ user_id: id, reason: 'console', comment: reason.trim(), requested_at: now }).execute();
      const link = await tokens.issue({ purpose: 'reactivate', userId: id, ttlMs: REACTIVATION_DAYS * DAY, db: trx });
      await kernel.sessions.destroyAllFor(id, trx);
      return { result: { link, email: a.email, language: a.language }, extra: { reason: reason.trim() } };
    });
    // The member is told, with the link that undoes it (as when they delete it themselves).
    await sendAccountMail(kernel, {
      kind: 'deleted', to: result!.email, userId: id, locale: result!.language, site: req.site,
      path: `${reactivateLink.path}?token=${result!.link}`, params: { days: REACTIVATION_DAYS },
    });
    return answer(req, id);
  });

  kernel.serve(app, consoleMemberRestore, async (req) => {
    const { id } = req.body;
    await act(req, id, 'account.restore', async (a, trx) => {
      if (!a.deleted_at) throw new HttpError(409, 'not_deleted', 'This account is not deleted.');
      await accounts.setDeleted(trx, id, null);
      await trx.updateTable('account_deletions').set({ reactivated_at: kernel.clock.now() }).where('user_id', '=', id).where('reactivated_at', 'is', null).execute();
      if (a.status === 'active' && !a.disabled_at) await members.setStatus(id, 'active', trx);
      // The mailed way back is spent: the operator took it.
      await tokens.revoke(id, ['reactivate'], trx);
      return {};
    });
    return answer(req, id);
  });

  // --- Password reset link ------------------------------------------------------------------
  kernel.serve(app, consoleMemberResetLink, async (req) => {
    const { id } = req.body;
    const { result } = await act(req, id, 'account.reset_link', async (a, trx) => {
      if (a.deleted_at) throw new HttpError(409, 'account_deleted', 'This account is deleted: restore it first.');
      if (a.disabled_at) throw new HttpError(409, 'account_disabled', 'This account is disabled: enable it first.');
      const link = await tokens.issue({ purpose: 'reset', userId: id, ttlMs: RESET_LINK_HOURS * HOUR, db: trx });
      return { result: { link, email: a.email, language: a.language }, extra: { reset_link_sent_to: a.email } };
    });
    await sendAccountMail(kernel, {
      kind: 'reset', to: result!.email, userId: id, locale: result!.language, site: req.site,
      path: `/reset-password/do?token=${result!.link}`, params: { hours: RESET_LINK_HOURS },
    });
    return answer(req, id);
  });

  // --- Credits (admins: money) ---------------------------------------------------------------
  kernel.serve(app, consoleMemberCredits, async (req) => {
    const { id, amount } = req.body;
    const reason = req.body.reason.trim();
    if (amount === 0) throw badRequest('amount_zero', 'Grant or take at least 1 credit.');
    if (reason.length < 3) throw badRequest('reason_required', 'Say why (at least 3 characters).');
    await act(req, id, amount > 0 ? 'account.credits.grant' : 'account.credits.take', async (_a, trx) => {
      const before = await credits.balance(id, trx);
      const ledgerReason = `console: ${reason}`;
      if (amount > 0) {
        const r = await credits.grant(id, amount, ledgerReason, null, trx);
        return { extraBefore: { balance: before }, extra: { balance: r.balance, amount, reason } };
      }
      const r = await credits.spend(id, -amount, ledgerReason, null, trx);
      if (r.status !== 'spent') {
        throw new HttpError(409, 'insufficient_credits', `The balance is ${r.balance}: never below zero.`, { balance: r.balance });
      }
      return { extraBefore: { balance: before }, extra: { balance: r.balance, amount, reason } };
    });
    return answer(req, id);
  });
}
