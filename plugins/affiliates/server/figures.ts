import { sql } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import type { FigureRow, FiguresQuery, PostbackView, SourceRow } from '../contract.ts';
import type { PostbackStatus } from './tables.ts';

const DAY_MS = 86_400_000;
/** The longest period the figures cover at once. */
export const MAX_DAYS = 366;

/** The period's bounds as instants: from the start of `from` to the end of `to` (UTC days). */
export function periodOf(q: Pick<FiguresQuery, 'from' | 'to'>): { start: Date; end: Date } | null {
  const start = new Date(`${q.from}T00:00:00Z`);
  const end = new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start || end.getTime() - start.getTime() > MAX_DAYS * DAY_MS) return null;
  return { start, end };
}

type Counts = Omit<FigureRow, 'day' | 'network' | 'ref'>;
const zero = (): Counts => ({
  visits: 0, bounces: 0, signups: 0, activations: 0, first_purchases: 0, purchases: 0, revenue: {},
  postbacks_sent: 0, postbacks_failed: 0, postbacks_pending: 0,
});
const add = (a: Counts, b: Counts) => {
  for (const k of ['visits', 'bounces', 'signups', 'activations', 'first_purchases', 'purchases', 'postbacks_sent', 'postbacks_failed', 'postbacks_pending'] as const) a[k] += b[k];
  for (const [c, v] of Object.entries(b.revenue)) a.revenue[c] = (a.revenue[c] ?? 0) + v;
};
const UTC_DAY = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * The figures of traffic sources (a network and a ref: '' where the visit had none), per UTC day:
 * visits and bounces on the day of the visit, signups, activations, first purchases and purchases
 * (with their revenue, exact per currency) on the day they happened, and the postbacks of those
 * events by their state (sent = delivered). Filtered by the source's domain, network and ref.
 */
export async function figures(db: DB, q: FiguresQuery): Promise<{ days: FigureRow[]; sources: SourceRow[] }> {
  const period = periodOf(q);
  if (!period) return { days: [], sources: [] };
  const { start, end } = period;
  const network = sql<string>`coalesce(s.network, '')`;
  const ref = sql<string>`coalesce(s.ref, '')`;
  let events = db.selectFrom('affiliate_events as e').innerJoin('affiliate_sources as s', 's.id', 'e.source_id')
    .leftJoin('affiliate_postbacks as p', 'p.event_id', 'e.id')
    .select([
      UTC_DAY('e.created_at').as('day'), network.as('network'), ref.as('ref'), 'e.kind', sql<string>`coalesce(e.currency, '')`.as('currency'),
      sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(e.amount), 0)`.as('amount'),
      sql<string>`count(*) FILTER (WHERE p.status = 'delivered')`.as('sent'),
      sql<string>`count(*) FILTER (WHERE p.status = 'failed')`.as('failed'),
      sql<string>`count(*) FILTER (WHERE p.status IN ('pending', 'sending'))`.as('pending'),
    ])
    .where('e.created_at', '>=', start).where('e.created_at', '<', end)
    .groupBy([sql`1`, sql`2`, sql`3`, 'e.kind', sql`5`]);
  let bounces = db.selectFrom('affiliate_bounces as b').innerJoin('affiliate_sources as s', 's.id', 'b.source_id')
    .select(['s.day', network.as('network'), ref.as('ref'), sql<string>`count(*)`.as('n')])
    .where('b.bounced', '=', true).where('s.day', '>=', q.from).where('s.day', '<=', q.to)
    .groupBy(['s.day', sql`2`, sql`3`]);
  if (q.domain) { events = events.where('s.domain', '=', q.domain); bounces = bounces.where('s.domain', '=', q.domain); }
  if (q.network !== undefined) { events = events.where('s.network', '=', q.network); bounces = bounces.where('s.network', '=', q.network); }
  else if (q.no_network) { events = events.where('s.network', 'is', null); bounces = bounces.where('s.network', 'is', null); }
  if (q.ref !== undefined) { events = events.where('s.ref', '=', q.ref); bounces = bounces.where('s.ref', '=', q.ref); }
  else if (q.no_ref) { events = events.where('s.ref', 'is', null); bounces = bounces.where('s.ref', 'is', null); }

  const rows = new Map<string, FigureRow>();
  const rowOf = (day: string, net: string, r: string) => {
    const key = JSON.stringify([day, net, r]);
    let row = rows.get(key);
    if (!row) rows.set(key, row = { day, network: net, ref: r, ...zero() });
    return row;
  };
  for (const e of await events.execute()) {
    const row = rowOf(e.day, e.network, e.ref);
    const n = Number(e.n);
    if (e.kind === 'visit') row.visits += n;
    else if (e.kind === 'signup') row.signups += n;
    else if (e.kind === 'activation') row.activations += n;
    else if (e.kind === 'first_purchase') row.first_purchases += n;
    else if (e.kind === 'purchase') {
      row.purchases += n;
      if (e.currency) row.revenue[e.currency] = (row.revenue[e.currency] ?? 0) + Number(e.amount);
    }
    row.postbacks_sent += Number(e.sent);
    row.postbacks_failed += Number(e.failed);
    row.postbacks_pending += Number(e.pending);
  }
  for (const b of await bounces.execute()) rowOf(b.day, b.network, b.ref).bounces += Number(b.n);

  const days = [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || a.network.localeCompare(b.network) || a.ref.localeCompare(b.ref));
  const sources = new Map<string, SourceRow>();
  for (const d of days) {
    const key = JSON.stringify([d.network, d.ref]);
    let s = sources.get(key);
    if (!s) sources.set(key, s = { network: d.network, ref: d.ref, first_day: d.day, last_day: d.day, ...zero() });
    if (d.day < s.first_day) s.first_day = d.day;
    if (d.day > s.last_day) s.last_day = d.day;
    const { day: _d, network: _n, ref: _r, ...counts } = d;
    add(s, counts);
  }
  return { days, sources: [...sources.values()].sort((a, b) => b.visits - a.visits || b.signups - a.signups || a.network.localeCompare(b.network) || a.ref.localeCompare(b.ref)) };
}

/** The figures per source and day as CSV rows: one revenue column per currency (major units as exact decimals). */
export function figuresCsvRows(days: FigureRow[]): { columns: string[]; rows: Record<string, unknown>[] } {
  const currencies = [...new Set(days.flatMap((d) => Object.keys(d.revenue)))].sort();
  const columns = ['day', 'network', 'ref', 'visits', 'bounces', 'signups', 'activations', 'first_purchases', 'purchases',
    ...currencies.map((c) => `revenue_${c}`), 'postbacks_sent', 'postbacks_failed', 'postbacks_pending'];
  const rows = days.map(({ revenue, ...d }) => ({ ...d, ...Object.fromEntries(currencies.map((c) => [`revenue_${c}`, minorToDecimal(revenue[c] ?? 0, c)])) }));
  return { columns, rows };
}

/** Minor units as an exact decimal string in the currency's digits ("2499" EUR → "24.99"; JPY stays whole). */
export function minorToDecimal(minor: number, currency: string): string {
  let digits = 2;
  try { digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2; } catch { /* unknown code: 2 */ }
  if (!digits) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** A source's postbacks in the period (by the day of their event), newest first, with their last attempt. */
export async function postbacksOf(db: DB, q: Partial<FiguresQuery> & { status?: PostbackStatus; id?: number }): Promise<PostbackView[]> {
  const period = q.from && q.to ? periodOf({ from: q.from, to: q.to }) : null;
  if (!period && q.id === undefined) return [];
  let query = db.selectFrom('affiliate_postbacks as p')
    .innerJoin('affiliate_events as e', 'e.id', 'p.event_id')
    .innerJoin('affiliate_sources as s', 's.id', 'e.source_id')
    .leftJoin('affiliate_postback_attempts as a', (j) => j.onRef('a.postback_id', '=', 'p.id').on('a.attempt', '=', sql.ref<number>('p.attempts')))
    .select([
      'p.id', UTC_DAY('e.created_at').as('day'), 'p.network', sql<string>`coalesce(s.ref, '')`.as('ref'), 'p.domain', 'e.kind', 'p.status', 'p.attempts', 'p.created_at',
      'a.outcome', 'a.http_status', 'a.error',
    ])
    .orderBy('p.id', 'desc').limit(500);
  if (q.id !== undefined) query = query.where('p.id', '=', q.id);
  if (period) query = query.where('e.created_at', '>=', period.start).where('e.created_at', '<', period.end);
  if (q.status) query = query.where('p.status', '=', q.status);
  if (q.domain) query = query.where('s.domain', '=', q.domain);
  if (q.network !== undefined) query = query.where('p.network', '=', q.network);
  if (q.ref !== undefined) query = query.where('s.ref', '=', q.ref);
  else if (q.no_ref) query = query.where('s.ref', 'is', null);
  return (await query.execute()).map((r) => ({
    id: Number(r.id), day: r.day, network: r.network, ref: r.ref, domain: r.domain, event: r.kind, status: r.status, attempts: r.attempts,
    created_at: new Date(r.created_at).toISOString(), last_outcome: r.outcome ?? null, last_http_status: r.http_status ?? null, last_error: r.error ?? null,
  }));
}
