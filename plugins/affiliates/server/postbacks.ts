import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Counter } from 'prom-client';
import type { DB } from '../../../kernel/server/db.ts';
import type { Clock } from '../../../kernel/server/clock.ts';
import type { Sites } from '../../../kernel/server/settings.ts';
import { retryDelayMs } from '../../../kernel/server/jobs.ts';
import { OutboundRefused, OutboundTimeout, type Outbound } from '../../../kernel/server/outbound.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { AffiliateEvent } from '../contract.ts';
import type { AttemptOutcome, PostbackStatus } from './tables.ts';

export const POSTBACK_JOB = 'affiliates:postback';

declare module '../../../kernel/server/jobs.ts' {
  interface JobPayloads {
    /** Deliver one postback (its row says what and where); `domain`: the traffic source's site. */
    'affiliates:postback': { postback: number; domain: string };
  }
}

/** A postback is tried again on errors, time-outs, 5xx, 408 and 429 while the next try is within 24 h of the event. */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/**
 * The job queue's own limit, a backstop only: its delays (30 s, 1, 2, 4 … min, capped at 1 h) fit
 * about 30 tries into 24 h, after which the postback gives up by itself (RETRY_WINDOW_MS).
 */
export const POSTBACK_MAX_ATTEMPTS = 40;
/** How long one sender holds a postback (more than the outbound time-out): a second runner leaves it alone meanwhile. */
const LEASE_MS = 120_000;

export const SIGNATURE_HEADER = 'X-Postback-Signature';

export type NetworkConfig = SiteSettings['affiliate_networks'][string];

/** What the macros of a postback URL are filled from. */
export interface MacroValues {
  click_id: string; ref: string; sub1: string; sub2: string; sub3: string;
  event: AffiliateEvent; amount: string; currency: string; payout_id: string;
}
export const MACROS = ['click_id', 'ref', 'sub1', 'sub2', 'sub3', 'event', 'amount', 'currency', 'payout_id'] as const;

/** Why a template cannot be used (a sentence), or null: it must be an http(s) URL with no macro before its path. */
export function templateProblem(template: string): string | null {
  const m = /^https?:\/\/([^/?#]*)/.exec(template);
  if (!m) return 'is no http(s) address';
  if (/[{}]/.test(m[1])) return 'has a macro in its host part';
  return null;
}

/** The template with each known macro replaced by its URL-encoded value; other braces stay as they are. */
export function expandTemplate(template: string, values: MacroValues): string {
  return template.replace(/\{(click_id|ref|sub1|sub2|sub3|event|amount|currency|payout_id)\}/g, (_m, name: keyof MacroValues) => encodeURIComponent(values[name]));
}

/** An amount in minor units as the network reads it: major units with the currency's decimals ("24.99", "2499" for JPY). */
export function formatAmount(minor: number | null, currency: string | null): string {
  if (minor == null || !currency) return '';
  let digits = 2;
  try { digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2; } catch { /* unknown code: 2 */ }
  return digits ? (minor / 10 ** digits).toFixed(digits) : String(minor);
}

/**
 * The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256>` with the network's secret as
 * key over `<t>.<METHOD>.<URL>.<body>` (the URL exactly as requested, macros expanded; the body's
 * exact bytes, empty for GET).
 */
export function signPostback(secret: string, t: number, method: string, url: string, body: string): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${method}.${url}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** Checks a signature header as a receiver would (constant-time). */
export function verifyPostback(secret: string, header: string | undefined, method: string, url: string, body: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const expected = Buffer.from(signPostback(secret, Number(m[1]), method, url, body).split('v1=')[1], 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
}

const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

export interface PostbackDeps {
  db: DB; clock: Clock; sites: Sites; outbound: Outbound; log: Logger;
  /** The networks kept in the database (networks.ts `find`): they win over the setting; undefined: not there. */
  networks?: { find(name: string, domain: string): Promise<NetworkConfig | null | undefined> };
  /** Each attempt's outcome and where it left the postback (affiliates_postbacks_total on /metrics). */
  results?: Pick<Counter<'result' | 'outcome'>, 'inc'>;
}

/** Sends postbacks: each at most once successfully, every attempt kept. */
export function createPostbacks({ db, clock, sites, outbound, log, networks, results }: PostbackDeps) {
  /**
   * Takes the postback for this runner: only while it is pending (or its last sender's lease ran
   * out), so parallel runs and duplicate jobs never send it twice and a delivered one never again.
   */
  const claim = async (id: number) => {
    const now = clock.now();
    return db.updateTable('affiliate_postbacks')
      .set({ status: 'sending', lease_until: new Date(now.getTime() + LEASE_MS), attempts: sql<number>`attempts + 1` })
      .where('id', '=', id).where('status', 'in', ['pending', 'sending'])
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll().executeTakeFirst();
  };

  const eventOf = (postbackId: number) => db.selectFrom('affiliate_postbacks as p')
    .innerJoin('affiliate_events as e', 'e.id', 'p.event_id')
    .innerJoin('affiliate_sources as s', 's.id', 'e.source_id')
    .select(['p.network', 'p.domain', 'p.status', 'e.kind', 'e.payout_id', 'e.amount', 'e.currency', 'e.created_at', 's.click_id', 's.ref', 's.sub1', 's.sub2', 's.sub3'])
    .where('p.id', '=', postbackId).executeTakeFirst();
  type EventRow = NonNullable<Awaited<ReturnType<typeof eventOf>>>;

  /** The network's postback for this event on the source's domain, if it wants one. */
  const configFor = async (row: EventRow): Promise<NetworkConfig | null> => {
    const stored = await networks?.find(row.network, row.domain);
    const config = stored === undefined ? (await sites.resolve(row.domain)).affiliate_networks?.[row.network] : stored;
    return config && (config.events ?? [row.kind]).includes(row.kind) ? config : null;
  };

  const requestFor = (row: EventRow, config: NetworkConfig) => {
    const problem = templateProblem(config.postback_url);
    if (problem) throw new OutboundRefused(`the postback URL of ${row.network} ${problem}`);
    const amount = formatAmount(row.amount, row.currency);
    const values: MacroValues = {
      click_id: row.click_id, ref: row.ref ?? '', sub1: row.sub1 ?? '', sub2: row.sub2 ?? '', sub3: row.sub3 ?? '',
      event: row.kind, amount, currency: row.currency ?? '', payout_id: row.payout_id,
    };
    // As it goes on the wire (the URL parser's own escaping), so the receiver signs what it sees.
    const expanded = expandTemplate(config.postback_url, values);
    if (!URL.canParse(expanded)) throw new OutboundRefused(`the postback URL of ${row.network} is no URL once filled in`);
    const url = new URL(expanded).href;
    const method = config.method ?? 'GET';
    const body = method === 'POST' ? JSON.stringify({
      event: row.kind, payout_id: row.payout_id, click_id: row.click_id, network: row.network, ref: row.ref, sub1: row.sub1, sub2: row.sub2, sub3: row.sub3,
      amount: amount || null, amount_minor: row.amount, currency: row.currency, occurred_at: new Date(row.created_at).toISOString(),
    }) : '';
    const t = Math.floor(clock.now().getTime() / 1000);
    const headers: Record<string, string> = {
      'user-agent': 'FlirtHaven-Postback/1',
      'idempotency-key': row.payout_id,
      'x-postback-event': row.kind,
      [SIGNATURE_HEADER.toLowerCase()]: signPostback(config.secret, t, method, url, body),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    };
    return { url, request: { method, headers, body: Buffer.from(body) } };
  };

  /** One delivery attempt of a postback (a job run); throws when the job queue should try again. */
  async function deliver(id: number): Promise<void> {
    const row = await eventOf(id);
    if (!row || (row.status !== 'pending' && row.status !== 'sending')) return;
    // Not wanted (no postback for this network there, or not for this event): nothing is sent.
    const config = await configFor(row);
    if (!config) {
      await db.updateTable('affiliate_postbacks').set({ status: 'skipped', finished_at: clock.now() }).where('id', '=', id).where('status', '=', 'pending').execute();
      results?.inc({ result: 'skipped', outcome: 'skipped' });
      return;
    }
    const claimed = await claim(id);
    if (!claimed) return;
    const started = clock.now();
    // A sender that died mid-attempt left it under way: that attempt's fate is unknown.
    await db.updateTable('affiliate_postback_attempts').set({ outcome: 'interrupted', finished_at: started })
      .where('postback_id', '=', id).where('outcome', '=', 'sending').execute();
    const attempt = claimed.attempts;
    await db.insertInto('affiliate_postback_attempts').values({ postback_id: id, attempt, started_at: started, outcome: 'sending' }).execute();

    let outcome: AttemptOutcome;
    let httpStatus: number | null = null;
    let error: string | null = null;
    let retry = false;
    try {
      const { url, request } = requestFor(row, config);
      const { status } = await outbound.send(url, request);
      httpStatus = status;
      if (status >= 200 && status < 300) outcome = 'delivered';
      else if (status >= 300 && status < 400) outcome = 'redirect';
      else { outcome = 'http_error'; retry = retryableStatus(status); }
    } catch (err) {
      error = String((err as Error)?.message ?? err).slice(0, 500);
      if (err instanceof OutboundRefused) outcome = 'refused';
      else if (err instanceof OutboundTimeout) { outcome = 'timeout'; retry = true; } else { outcome = 'error'; retry = true; }
    }
    const now = clock.now();
    // Past the window the next try would come too late: given up.
    const giveUp = retry && now.getTime() + retryDelayMs(attempt) > new Date(claimed.created_at).getTime() + RETRY_WINDOW_MS;
    const status: PostbackStatus = outcome === 'delivered' ? 'delivered' : retry && !giveUp ? 'pending' : 'failed';
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('affiliate_postback_attempts').set({ outcome, http_status: httpStatus, error, finished_at: now })
        .where('postback_id', '=', id).where('attempt', '=', attempt).execute();
      await trx.updateTable('affiliate_postbacks').set({ status, lease_until: null, ...(status === 'pending' ? {} : { finished_at: now }) })
        .where('id', '=', id).execute();
    });
    results?.inc({ result: status === 'pending' ? 'retrying' : status, outcome });
    if (status === 'failed') log.warn({ postback: id, network: claimed.network, outcome, httpStatus, error, attempt }, 'affiliates: postback given up');
    if (status === 'pending') throw new Error(`postback ${id} to ${claimed.network}: ${outcome}${httpStatus ? ` ${httpStatus}` : ''}${error ? ` (${error})` : ''}`);
  }

  return { deliver };
}
export type Postbacks = ReturnType<typeof createPostbacks>;
