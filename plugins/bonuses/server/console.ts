import { sql, type Selectable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { staffOf } from '../../../kernel/server/access.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { badRequest, HttpError, notFound } from '../../../kernel/server/errors.ts';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { accounts } from '../../auth/server.ts';
import {
  consoleCode, consoleCodes, consoleCodeStatus, consoleCreateCode, TIME_BONUS_CODE, WELCOME_CODE,
  type ConsoleCode, type ConsoleCreateCode,
} from '../contract.ts';
import type { DiscountCodesTable } from './tables.ts';

type CodeRow = Selectable<DiscountCodesTable>;

const PER_PAGE = 50;
const iso = (d: Date | string) => new Date(d).toISOString();

/** Codes of the first-purchase offer: the plugin's own, never made by hand. */
const RESERVED = new Set([TIME_BONUS_CODE, WELCOME_CODE]);

export function toConsoleCode(r: CodeRow, uses: ConsoleCode['uses'], now: Date): ConsoleCode {
  return {
    id: r.id, code: r.code, country: r.country, user_id: r.user_id, expires: r.expires_at ? iso(r.expires_at) : null,
    value_percentage: r.value_bp / 100, currency: r.currency, minimum_order_value: r.minimum_order_value,
    status: r.status, validity: r.validity, expired: Boolean(r.expires_at && new Date(r.expires_at) <= now),
    paymentmethods: r.paymentmethods, created_at: iso(r.created_at), created_by: r.created_by ?? null, uses,
  };
}

/** What the audit keeps of a code (its fields, not its uses). */
const auditView = (c: ConsoleCode) => {
  const { uses: _uses, expired: _expired, ...rest } = c;
  return rest;
};

/**
 * Discount codes in the console (admins): codes made there live in the database beside the seeded
 * examples and are what members enter on /credits; deactivated, a code is as unknown to members
 * as a missing one (uses made stand).
 */
export function bonusesConsoleRoutes(app: FastifyInstance, kernel: Kernel) {
  const db = kernel.db;
  const now = () => kernel.clock.now();

  async function counts(on: DB, codes: string[]): Promise<Map<string, ConsoleCode['uses']>> {
    const out = new Map<string, ConsoleCode['uses']>();
    if (!codes.length) return out;
    const rows = await on.selectFrom('discount_code_uses').select(['code', 'status', sql<number>`count(*)::int`.as('n')])
      .where('code', 'in', codes).groupBy(['code', 'status']).execute();
    for (const r of rows) {
      const c = out.get(r.code) ?? { reserved: 0, used: 0, released: 0 };
      c[r.status] = Number(r.n);
      out.set(r.code, c);
    }
    return out;
  }

  async function view(on: DB, code: string): Promise<ConsoleCode | null> {
    const row = await on.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();
    if (!row) return null;
    return toConsoleCode(row, (await counts(on, [row.code])).get(row.code) ?? { reserved: 0, used: 0, released: 0 }, now());
  }

  kernel.serve(app, consoleCodes, async (req) => {
    const { q, status } = req.query;
    const page = req.query.page ?? 1;
    const term = q?.trim().toUpperCase();
    const base = db.selectFrom('discount_codes')
      .$if(Boolean(term), (qb) => qb.where('code', 'like', `%${term!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
      .$if(status != null, (qb) => qb.where('status', '=', status!));
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const uses = await counts(db, rows.map((r) => r.code));
    return {
      codes: rows.map((r) => toConsoleCode(r, uses.get(r.code) ?? { reserved: 0, used: 0, released: 0 }, now())),
      total: Number(total.n), page, per_page: PER_PAGE,
    };
  });

  kernel.serve(app, consoleCreateCode, async (req) => {
    const b: ConsoleCreateCode = req.body;
    const code = b.code.trim().toUpperCase();
    if (RESERVED.has(code)) throw new HttpError(409, 'code_exists', `${code} is the first-purchase offer's own code.`);
    // Hundredths of a percent are what is stored: a third decimal is refused, never rounded away.
    const bp = Math.round(b.value_percentage * 100);
    if (Math.abs(bp - b.value_percentage * 100) > 1e-6) throw badRequest('invalid_value_percentage', 'value_percentage has at most two decimals.');
    const expires = b.expires ? new Date(b.expires) : null;
    if (expires && Number.isNaN(expires.getTime())) throw badRequest('invalid_expires', 'expires is no date.');
    if (expires && expires <= now()) throw badRequest('invalid_expires', 'expires must be in the future.');
    if (b.user_id != null && !await accounts.account(db, b.user_id)) throw badRequest('member_not_found', `No member ${b.user_id}.`);
    const created = await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('discount_codes').values({
        code, country: b.country ?? null, user_id: b.user_id ?? null, expires_at: expires,
        value_bp: bp, currency: b.currency ?? null, minimum_order_value: b.minimum_order_value ?? null,
        status: b.status ?? 'active', validity: b.validity, paymentmethods: b.paymentmethods ?? null,
        created_at: now(), created_by: staffOf(req).userId,
      }).onConflict((oc) => oc.column('code').doNothing()).returning('code').executeTakeFirst();
      if (!inserted) throw new HttpError(409, 'code_exists', `A code ${code} exists already.`);
      const after = (await view(trx, code))!;
      await kernel.audit.record(trx, req, { action: 'bonuses.code.create', target: `discount_code:${code}`, before: null, after: auditView(after) });
      return after;
    });
    return { code: created };
  });

  kernel.serve(app, consoleCodeStatus, async (req) => {
    const code = req.body.code.trim().toUpperCase();
    const changed = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('discount_codes').select('id').where('code', '=', code).forUpdate().executeTakeFirst();
      if (!row) throw notFound('code_not_found', `No code ${code}.`);
      const before = (await view(trx, code))!;
      if (before.status === req.body.status) return before;
      await trx.updateTable('discount_codes').set({ status: req.body.status }).where('id', '=', row.id).execute();
      // Deactivated: no longer anyone's chosen code (claims already made stand).
      if (req.body.status === 'inactive') await trx.deleteFrom('discount_code_choices').where('code', '=', code).execute();
      const after = (await view(trx, code))!;
      await kernel.audit.record(trx, req, {
        action: req.body.status === 'inactive' ? 'bonuses.code.deactivate' : 'bonuses.code.activate',
        target: `discount_code:${code}`, before: auditView(before), after: auditView(after),
      });
      return after;
    });
    return { code: changed };
  });

  kernel.serve(app, consoleCode, async (req) => {
    const code = req.query.code.trim().toUpperCase();
    const found = await view(db, code);
    if (!found) throw notFound('code_not_found', `No code ${code}.`);
    const rows = await db.selectFrom('discount_code_uses').selectAll().where('code', '=', code).orderBy('id', 'desc').limit(500).execute();
    const emails = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.user_id))) {
      const a = await accounts.account(db, id);
      if (a) emails.set(id, a.email);
    }
    return {
      code: found,
      uses: rows.map((r) => ({
        id: r.id, user_id: r.user_id, email: emails.get(r.user_id) ?? null, payment_id: r.payment_id, status: r.status, once: r.once,
        created_at: iso(r.created_at), updated_at: iso(r.updated_at),
      })),
    };
  });
}
