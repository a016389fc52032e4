import { sql, type Selectable } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../../../kernel/server/db.ts';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { Migration } from '../../../kernel/server/migrations.ts';
import { badRequest, HttpError, notFound } from '../../../kernel/server/errors.ts';
import { staffOf } from '../../../kernel/server/access.ts';
import { accounts } from '../../auth/server.ts';
import {
  ANSWER_LIMITS, COMPLAINTS_PAGE_SIZE, consoleComplaint, consoleComplaintAnswer, consoleComplaints, consoleComplaintStatus,
  type ComplaintDetail, type ConsoleComplaint, type ConsoleComplaintsQuery,
} from '../contract.ts';
import type { ComplaintsTable } from './tables.ts';

// The operator console's complaints: the complaints made on /complaints, answered by mail from the
// console (status open → answered → closed, or reopened); each change audited in its transaction.

export const complaintsConsoleMigrations: Migration[] = [{
  name: 'console_001_answers',
  async up(db) {
    await sql`CREATE TABLE complaint_answers (
      id serial PRIMARY KEY,
      complaint_id integer NOT NULL REFERENCES complaints(id) ON DELETE CASCADE,
      staff_id integer REFERENCES users(id) ON DELETE SET NULL,
      text text NOT NULL,
      sent_at timestamptz NOT NULL)`.execute(db);
    await sql`CREATE INDEX complaint_answers_complaint ON complaint_answers (complaint_id, id)`.execute(db);
  },
}];

type Row = Selectable<ComplaintsTable>;
const iso = (d: Date | string) => new Date(d).toISOString();
const auditView = (r: Pick<Row, 'status'>, answers: number) => ({ status: r.status, answers });

export function complaintsConsoleRoutes(app: FastifyInstance, kernel: Kernel) {
  const { db } = kernel;

  async function views(rows: Row[], on: DB = db): Promise<ConsoleComplaint[]> {
    if (!rows.length) return [];
    const stats = new Map((await on.selectFrom('complaint_answers')
      .select(['complaint_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('sent_at').as('last')])
      .where('complaint_id', 'in', rows.map((r) => r.id)).groupBy('complaint_id').execute()).map((s) => [s.complaint_id, s]));
    return rows.map((r) => {
      const s = stats.get(r.id);
      return {
        id: r.id, reference: r.reference ?? '', user_id: r.user_id, domain: r.domain, locale: r.locale, name: r.name, email: r.email,
        topic: r.topic, text: r.text, status: r.status, created_at: iso(r.created_at),
        answers: Number(s?.n ?? 0), last_answer_at: s?.last ? iso(s.last as Date) : null,
      };
    });
  }

  async function detail(id: number, on: DB = db): Promise<ComplaintDetail> {
    const row = await on.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('complaint_not_found', 'No such complaint.');
    const answers = await on.selectFrom('complaint_answers').selectAll().where('complaint_id', '=', id).orderBy('id').execute();
    const emails = new Map<number, string>();
    for (const a of answers) if (a.staff_id != null && !emails.has(a.staff_id)) emails.set(a.staff_id, (await accounts.account(on, a.staff_id))?.email ?? `#${a.staff_id}`);
    return {
      complaint: (await views([row], on))[0],
      answers: answers.map((a) => ({
        id: a.id, text: a.text, sent_at: iso(a.sent_at), staff: a.staff_id == null ? null : { id: a.staff_id, email: emails.get(a.staff_id)! },
      })),
    };
  }

  async function list(q: ConsoleComplaintsQuery) {
    const page = q.page ?? 1;
    const term = q.q?.trim().toLowerCase();
    const like = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const base = db.selectFrom('complaints')
      .$if(q.status != null, (qb) => qb.where('status', '=', q.status!))
      .$if(like != null, (qb) => qb.where((eb) => eb.or([
        eb('reference', 'ilike', like!), eb('email', 'like', like!), eb('name', 'ilike', like!),
      ])));
    const [rows, count] = await Promise.all([
      base.selectAll()
        // Waiting ones oldest first (who waits longest comes first); answered and closed newest first.
        .orderBy('created_at', q.status === 'open' ? 'asc' : 'desc').orderBy('id')
        .limit(COMPLAINTS_PAGE_SIZE).offset((page - 1) * COMPLAINTS_PAGE_SIZE).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: await views(rows), total: Number(count.n), page, per_page: COMPLAINTS_PAGE_SIZE };
  }

  /** One complaint's change under its row lock, audited in the same transaction. */
  async function change(req: FastifyRequest, id: number, action: string, fn: (row: Row, trx: DB) => Promise<Partial<Pick<Row, 'status'>> & { audit?: Record<string, unknown> }>) {
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('complaints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('complaint_not_found', 'No such complaint.');
      const count = async () => Number((await trx.selectFrom('complaint_answers').select((eb) => eb.fn.countAll<number>().as('n')).where('complaint_id', '=', id).executeTakeFirstOrThrow()).n);
      const before = auditView(row, await count());
      const { audit, ...set } = await fn(row, trx);
      if (set.status) await trx.updateTable('complaints').set(set).where('id', '=', id).execute();
      await kernel.audit.record(trx, req, {
        action, target: `complaint:${row.reference ?? id}`, before, after: { ...auditView({ status: set.status ?? row.status }, await count()), ...audit },
      });
      return detail(id, trx);
    });
  }

  kernel.serve(app, consoleComplaints, async (req) => list(req.query));
  kernel.serve(app, consoleComplaint, async (req) => detail(req.query.id));

  kernel.serve(app, consoleComplaintAnswer, async (req) => {
    const staff = staffOf(req);
    const text = req.body.text.trim();
    if ([...text].length < ANSWER_LIMITS.min) throw badRequest('answer_too_short', `At least ${ANSWER_LIMITS.min} characters`, { field: 'text', min: ANSWER_LIMITS.min });
    const status = req.body.close ? 'closed' as const : 'answered' as const;
    return change(req, req.body.id, 'complaints.answer', async (row, trx) => {
      if (row.status === 'closed') throw new HttpError(409, 'closed', 'This complaint is closed; open it again to answer.');
      const now = kernel.clock.now();
      await trx.insertInto('complaint_answers').values({ complaint_id: row.id, staff_id: staff.userId, text, sent_at: now }).execute();
      // The answer goes out with the complaint, in its language and on its site (in this transaction: once).
      const site = await kernel.sites.resolve(row.domain);
      const reference = row.reference ?? String(row.id);
      const t = (key: string) => kernel.mail.texts.t(row.locale, `complaints:mail.answer.${key}`, { name: site.mail_name || site.name, reference });
      await kernel.mail.queue({
        to: row.email, locale: row.locale, site, ...(row.user_id != null ? { userId: row.user_id } : {}),
        subject: t('subject'), heading: t('heading'),
        paragraphs: text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean),
        note: t('note'),
      }, trx);
      return { status, audit: { answer: text } };
    });
  });

  kernel.serve(app, consoleComplaintStatus, async (req) => {
    const status = req.body.status;
    return change(req, req.body.id, status === 'closed' ? 'complaints.close' : 'complaints.reopen', async (row) => {
      if (row.status === status) return {};
      return { status };
    });
  });
}
