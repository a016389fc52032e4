import { sql, type Selectable } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../../../kernel/server/db.ts';
import { badRequest, notFound } from '../../../kernel/server/errors.ts';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { settingProblem } from '../../../kernel/server/plugin-settings.ts';
import { normaliseHost } from '../../../kernel/server/settings.ts';
import { accounts, type AuthService } from '../../auth/server.ts';
import type { CreditsService } from '../../credits/server.ts';
import {
  CONSOLE_PAGE_SIZE, COUNTRY_CURRENCY, consoleChargeback, consolePayment, consolePayments, consoleRefund, consoleRevenue,
  consoleSaveSettings, consoleSettings, type ConsolePayment, type ConsolePaymentDetail, type ConsolePaymentsQuery,
  type PaymentSettings, type RevenueRow,
} from '../contract.ts';
import paymentsPlugin from '../plugin.ts';
import type { ChangeAudit, PaymentsService } from './service.ts';
import type { PaymentsTable } from './tables.ts';

type Row = Selectable<PaymentsTable>;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A payment row as staff see it (the member's address looked up by the caller). */
export function toConsolePayment(r: Row, email: string | null): ConsolePayment {
  return {
    id: r.id, user_id: r.user_id, email, domain: r.domain, package_id: r.package_id, credits: r.credits, amount: r.amount,
    fee: r.fee, discount: r.discount, currency: r.currency, method: r.method, country: r.country, status: r.status,
    provider: r.provider, provider_id: r.provider_id, created_at: iso(r.created_at)!, paid_at: iso(r.paid_at),
    updated_at: iso(r.updated_at)!, credited: r.credited, refunded_credits: r.refunded_credits, refunded_amount: r.refunded_amount,
    reversed_credits: r.reversed_credits, repeat: r.repeat,
  };
}

/** What an audit row keeps of a payment: the fields a console change moves. */
const auditView = (r: Row) => ({
  id: r.id, user_id: r.user_id, status: r.status, amount: r.amount, currency: r.currency, credits: r.credits,
  refunded_credits: r.refunded_credits, refunded_amount: r.refunded_amount, reversed_credits: r.reversed_credits,
});

/** The start of a UTC day and the start of the day after another. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
/** The day as given, or 400 naming the field (the pattern lets 2026-13-45 through). */
function checkDay(field: string, day: string | undefined) {
  if (day != null && (Number.isNaN(dayStart(day).getTime()) || dayOf(dayStart(day)) !== day)) throw badRequest('invalid_date', `${field} is no date (YYYY-MM-DD).`);
}

export interface ConsoleDeps {
  payments: PaymentsService;
  credits: CreditsService;
  auth: AuthService;
}

/**
 * The console's money queries (admins): payments searched and paged, one payment with what the
 * provider said of it and what it did to the ledger, revenue per domain and day.
 */
export function paymentsConsole(db: DB, { payments, credits, auth }: ConsoleDeps) {
  /** Addresses of the members, one small read each (a page holds at most 50). */
  async function emails(ids: (number | null)[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const id of new Set(ids.filter((x): x is number => x != null))) {
      const a = await accounts.account(db, id);
      if (a) out.set(id, a.email);
    }
    return out;
  }

  async function list(q: ConsolePaymentsQuery) {
    const page = q.page ?? 1;
    checkDay('from', q.from);
    checkDay('to', q.to);
    let memberId: number | null | undefined;
    const term = q.q?.trim();
    if (term) {
      if (/^\d{1,10}$/.test(term)) memberId = Number(term) <= 2147483647 ? Number(term) : null;
      else memberId = (await auth.findByEmail(term.toLowerCase()))?.id ?? null;
    }
    if (memberId === null) return { payments: [], total: 0, page, per_page: CONSOLE_PAGE_SIZE };
    const base = db.selectFrom('payments')
      .$if(memberId !== undefined, (qb) => qb.where('user_id', '=', memberId!))
      .$if(q.status != null, (qb) => qb.where('status', '=', q.status!))
      .$if(q.method != null, (qb) => qb.where('method', '=', q.method!))
      .$if(q.country != null, (qb) => qb.where('country', '=', q.country!))
      .$if(q.domain != null, (qb) => qb.where('domain', '=', normaliseHost(q.domain!)))
      .$if(q.from != null, (qb) => qb.where('created_at', '>=', dayStart(q.from!)))
      .$if(q.to != null, (qb) => qb.where('created_at', '<', dayAfter(q.to!)));
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(CONSOLE_PAGE_SIZE).offset((page - 1) * CONSOLE_PAGE_SIZE).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const mails = await emails(rows.map((r) => r.user_id));
    return {
      payments: rows.map((r) => toConsolePayment(r, r.user_id == null ? null : mails.get(r.user_id) ?? null)),
      total: Number(count.n), page, per_page: CONSOLE_PAGE_SIZE,
    };
  }

  async function detail(id: number): Promise<ConsolePaymentDetail> {
    const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('payment_not_found', 'No such payment.');
    const [events, refunds] = await Promise.all([
      db.selectFrom('payment_events').selectAll().where('payment_id', '=', id).orderBy('id').limit(500).execute(),
      db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', id).orderBy('id').execute(),
    ]);
    // The ledger entries it caused: its grant, its refunds (also attempts the provider refused,
    // named in its history), the credits taken back after a chargeback or a returned debit.
    const refundIds = new Set(refunds.map((r) => r.id));
    for (const e of events) for (const m of (e.note ?? '').matchAll(/refund:(\d+)/g)) refundIds.add(Number(m[1]));
    const references = [`payment:${id}`, `reversal:${id}`, ...[...refundIds].flatMap((r) => [`refund:${r}`, `refund-undone:${r}`])];
    const ledger = await credits.byReferences(references);
    const mails = await emails([row.user_id]);
    return {
      payment: toConsolePayment(row, row.user_id == null ? null : mails.get(row.user_id) ?? null),
      events: events.map((e) => ({ id: Number(e.id), status: e.status, source: e.source, note: e.note, at: iso(e.at)! })),
      refunds: refunds.map((r) => ({
        id: r.id, credits: r.credits, amount: r.amount, status: r.status, provider_refund_id: r.provider_refund_id,
        created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)!,
      })),
      ledger: ledger.filter((l) => row.user_id == null || l.user_id === row.user_id).map((l) => ({
        id: l.id, user_id: l.user_id, amount: l.amount, balance_after: l.balance_after, reason: l.reason, reference: l.reference,
        created_at: iso(l.created_at)!,
      })),
      refund: await payments.consoleView(row),
    };
  }

  /**
   * Takings per domain, day (UTC, the day paid) and currency: gross is what was charged, refunded
   * what went back (a refund made at the provider counts as the whole amount), charged back what
   * the bank took back; net what stays.
   */
  async function revenue(q: { from?: string; to?: string; domain?: string }, today: Date) {
    checkDay('from', q.from);
    checkDay('to', q.to);
    const to = q.to ?? dayOf(today);
    const from = q.from ?? dayOf(new Date(dayStart(to).getTime() - 29 * 86_400_000));
    if (from > to) throw badRequest('bad_range', 'from must not be after to.');
    if ((dayStart(to).getTime() - dayStart(from).getTime()) / 86_400_000 > 731) throw badRequest('bad_range', 'At most two years at once.');
    const rows = await db.selectFrom('payments')
      .select([
        sql<string>`to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
        'domain', 'currency',
        sql<number>`count(*)::int`.as('payments'),
        sql<number>`sum(amount)::bigint`.as('gross'),
        sql<number>`sum(CASE WHEN status = 'refunded' THEN amount ELSE refunded_amount END)::bigint`.as('refunded'),
        sql<number>`sum(CASE WHEN status = 'charged_back' THEN amount - refunded_amount ELSE 0 END)::bigint`.as('charged_back'),
      ])
      .where('paid_at', 'is not', null).where('status', 'in', ['paid', 'refunded', 'charged_back'])
      .where('paid_at', '>=', dayStart(from)).where('paid_at', '<', dayAfter(to))
      .$if(q.domain != null, (qb) => qb.where('domain', '=', normaliseHost(q.domain!)))
      .groupBy([sql`1`, 'domain', 'currency']).orderBy(sql`1`).orderBy('domain').orderBy('currency')
      .execute();
    const out: RevenueRow[] = rows.map((r) => {
      const gross = Number(r.gross), refunded = Number(r.refunded), chargedBack = Number(r.charged_back);
      return {
        day: r.day, domain: r.domain, currency: r.currency, payments: Number(r.payments),
        gross, refunded, charged_back: chargedBack, net: gross - refunded - chargedBack,
      };
    });
    return { from, to, rows: out };
  }

  return { list, detail, revenue };
}


export function paymentsConsoleRoutes(app: FastifyInstance, kernel: Kernel, deps: ConsoleDeps & { rows: SiteRows }) {
  const money = paymentsConsole(kernel.db, deps);
  const { payments } = deps;

  /** The audit of a change to a payment, in the transaction that makes it. */
  const auditOf = (req: FastifyRequest, action: string, extra: Record<string, unknown> = {}): ChangeAudit =>
    async (trx, before, after, phase) => {
      await kernel.audit.record(trx, req, {
        action: phase === 'undone' ? `${action}.undone` : action, target: `payment:${before.id}`,
        before: { ...auditView(before) }, after: { ...auditView(after), ...extra },
      });
    };

  kernel.serve(app, consolePayments, async (req) => money.list(req.query));
  kernel.serve(app, consolePayment, async (req) => money.detail(req.query.id));

  kernel.serve(app, consoleRefund, async (req) => {
    const reason = req.body.reason?.trim() || null;
    const done = await payments.staffRefund(req.body.id, { reason, audit: auditOf(req, 'payments.refund', { reason }) });
    return { detail: await money.detail(done.row.id), already: done.already };
  });

  kernel.serve(app, consoleChargeback, async (req) => {
    const reason = req.body.reason.trim();
    if (reason.length < 3) throw badRequest('reason_required', 'State the reason (the bank\'s or the provider\'s notice).');
    const done = await payments.recordChargeback(req.body.id, { reason, audit: auditOf(req, 'payments.chargeback', { reason }) });
    return { detail: await money.detail(done.row.id), changed: done.changed };
  });

  kernel.serve(app, consoleRevenue, async (req) => money.revenue(req.query, kernel.clock.now()));

  /**
   * A domain's packages and methods: its own values, else the `default` row's, else the plugin's
   * defaults (`inherited` names the settings it does not set itself).
   */
  async function settingsOf(domain: string | undefined): Promise<PaymentSettings> {
    const rows = await deps.rows();
    const domains = rows.map((r) => r.domain);
    // Without one: the default site's domain (where a host that is no configured domain lands).
    const fallback = (await kernel.sites.resolve('')).domain;
    const name = domain ? (domain === 'default' ? domain : normaliseHost(domain))
      : domains.includes(fallback) ? fallback : domains.find((d) => d !== 'default') ?? 'default';
    const own = rows.find((r) => r.domain === name)?.settings;
    if (!own) throw notFound('domain_not_found', `No domain ${name}.`);
    const base = rows.find((r) => r.domain === 'default')?.settings ?? {};
    const value = <K extends 'credit_packages' | 'payment_methods'>(k: K) => own[k] ?? base[k] ?? paymentsPlugin.settings[k].default;
    return {
      domains, domain: name, credit_packages: value('credit_packages'), payment_methods: value('payment_methods'),
      inherited: (['credit_packages', 'payment_methods'] as const).filter((k) => own[k] === undefined),
      country_currency: COUNTRY_CURRENCY,
    };
  }

  kernel.serve(app, consoleSettings, async (req) => settingsOf(req.query.domain));

  kernel.serve(app, consoleSaveSettings, async (req) => {
    const { domain, credit_packages: packages, payment_methods: methods } = req.body;
    const patch: Record<string, unknown> = {};
    const defs = paymentsPlugin.settings;
    // Checked against the settings' own schemas, the failing field named ("credit_packages/EUR/0/price must be >= 1").
    // null: the domain sets it no more (the default row's value applies).
    if (packages !== undefined) {
      const problem = packages === null ? null : settingProblem(defs.credit_packages.schema, packages, 'credit_packages');
      if (problem) throw badRequest('invalid_setting', problem);
      patch.credit_packages = packages;
    }
    if (methods !== undefined) {
      const problem = methods === null ? null : settingProblem(defs.payment_methods.schema, methods, 'payment_methods');
      if (problem) throw badRequest('invalid_setting', problem);
      patch.payment_methods = methods;
    }
    const current = await settingsOf(domain);
    if (!Object.keys(patch).length) return current;
    if (current.domain === 'default' && Object.values(patch).includes(null)) throw badRequest('invalid_setting', 'The default row keeps its values.');
    // The values in force before and after (a setting the domain stops setting falls back to the default row's).
    const base = current.domain === 'default' ? null : await settingsOf('default');
    const keys = Object.keys(patch) as ('credit_packages' | 'payment_methods')[];
    const auditBefore = Object.fromEntries(keys.map((k) => [k, { value: current[k], own: !current.inherited.includes(k) }]));
    const auditAfter = Object.fromEntries(keys.map((k) => [k, patch[k] === null ? { value: base?.[k] ?? null, own: false } : { value: patch[k], own: true }]));
    // The change and its audit row in one transaction; then every instance drops its cached sites.
    await kernel.db.transaction().execute(async (trx) => {
      await kernel.sites.write(trx, current.domain, patch);
      await kernel.audit.record(trx, req, { action: 'payments.settings', target: `site:${current.domain}`, before: auditBefore, after: auditAfter });
    });
    kernel.sites.changed(current.domain);
    return settingsOf(current.domain);
  });
}

/** The stored site rows (`default` and each domain's own values), from the kernel's sites. */
export type SiteRows = () => Promise<{ domain: string; settings: Partial<Record<string, unknown>> }[]>;
