import crypto from 'node:crypto';
import type { DB } from '../../../kernel/server/db.ts';
import type { Clock } from '../../../kernel/server/clock.ts';
import type { Jobs } from '../../../kernel/server/jobs.ts';
import type { Tracking } from '../../signup/contract.ts';
import { TRAFFIC_DAYS } from '../contract.ts';
import type { AffiliateEvent } from '../contract.ts';
import { POSTBACK_JOB } from './postbacks.ts';
import type { AffiliateSourcesTable } from './tables.ts';
import type { Selectable } from 'kysely';

export type Source = Selectable<AffiliateSourcesTable>;

const DAY_MS = 86_400_000;
export const ATTRIBUTION_WINDOW_MS = TRAFFIC_DAYS * DAY_MS;

/** A new traffic source id (the cookie's `src`): 128 random bits. */
export const newSourceId = () => crypto.randomBytes(16).toString('base64url');
/** The (UTC) day a visit counts for. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export interface VisitInput {
  domain: string;
  visitor: string;
  tracking: Tracking;
  clickId: string | null;
  lander: string | null;
  niche: number | null;
  country: string | null;
  bounceLogging: boolean;
}

export interface EventInput {
  kind: AffiliateEvent;
  /** Makes the event happen once: visit:<source>, signup:<user>, activation:<user>, purchase:<payment>, first_purchase:<user>. */
  key: string;
  domain: string;
  userId?: number;
  paymentId?: number;
  amount?: number;
  currency?: string;
}

export interface AttributionDeps { db: DB; clock: Clock; jobs: Jobs }

/** Traffic sources, the members they brought, and the events they earned (each with its postback). */
export function createAttribution({ db, clock, jobs }: AttributionDeps) {
  /**
   * Records an event of a source once (its key is unique) in the caller's transaction and, when
   * the source names a network, its postback and the postback's job with it. Whether the network
   * wants it (configured, this kind of event) is decided when it is sent: nothing here reads the
   * site settings, which could wait on the database outside the caller's transaction (PGlite has
   * one connection). Returns whether the event was new.
   */
  async function addEvent(trx: DB, source: Source, e: EventInput): Promise<boolean> {
    const now = clock.now();
    const event = await trx.insertInto('affiliate_events').values({
      key: e.key, payout_id: crypto.randomUUID(), source_id: source.id, kind: e.kind, domain: e.domain,
      user_id: e.userId ?? null, payment_id: e.paymentId ?? null, amount: e.amount ?? null, currency: e.currency ?? null, created_at: now,
    }).onConflict((oc) => oc.column('key').doNothing()).returning('id').executeTakeFirst();
    if (!event) return false;
    if (source.network) {
      const postback = await trx.insertInto('affiliate_postbacks').values({ event_id: event.id, domain: source.domain, network: source.network, created_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await jobs.enqueue(POSTBACK_JOB, { postback: Number(postback.id), domain: source.domain }, { db: trx });
    }
    return true;
  }

  /** A visit: the visitor's source of today (made now, with its `visit` event, or the one made earlier today). */
  async function recordVisit(v: VisitInput): Promise<{ source: Source; recorded: boolean }> {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const made = await trx.insertInto('affiliate_sources').values({
        id: newSourceId(), domain: v.domain, visitor: v.visitor, day: dayOf(now),
        network: v.tracking.network ?? null, ref: v.tracking.ref ?? null, sub1: v.tracking.sub1 ?? null, sub2: v.tracking.sub2 ?? null, sub3: v.tracking.sub3 ?? null,
        click_id: v.clickId ?? crypto.randomUUID(), click_id_generated: !v.clickId,
        lander: v.lander, niche: v.niche, country: v.country, bounce_logging: v.bounceLogging, created_at: now,
      }).onConflict((oc) => oc.columns(['domain', 'visitor', 'day']).doNothing()).returningAll().executeTakeFirst();
      if (made) {
        await addEvent(trx, made, { kind: 'visit', key: `visit:${made.id}`, domain: v.domain });
        return { source: made, recorded: true };
      }
      let source = await trx.selectFrom('affiliate_sources').selectAll()
        .where('domain', '=', v.domain).where('visitor', '=', v.visitor).where('day', '=', dayOf(now)).executeTakeFirstOrThrow();
      if (v.bounceLogging && !source.bounce_logging) {
        source = await trx.updateTable('affiliate_sources').set({ bounce_logging: true }).where('id', '=', source.id).returningAll().executeTakeFirstOrThrow();
      }
      return { source, recorded: false };
    });
  }

  /** A source the cookie names, on this domain, still inside the 30-day window. */
  const liveSource = (trx: DB, id: string, domain: string) => trx.selectFrom('affiliate_sources').selectAll()
    .where('id', '=', id).where('domain', '=', domain).where('created_at', '>', new Date(clock.now().getTime() - ATTRIBUTION_WINDOW_MS))
    .executeTakeFirst();

  /** The source a member was attributed to at signup. */
  const sourceOfMember = (trx: DB, userId: number) => trx.selectFrom('affiliate_attributions as a')
    .innerJoin('affiliate_sources as s', 's.id', 'a.source_id').selectAll('s').where('a.user_id', '=', userId).executeTakeFirst();

  /**
   * A signup: attributed to the source the cookie named when it is still inside the window
   * (an expired one attributes nothing); without a source (a widget on a partner's page carries
   * its tracking data in the request), to a source made from the tracking data now.
   */
  async function onSignup(trx: DB, p: { userId: number; domain: string; country: string; tracking: Tracking; source?: string }) {
    const now = clock.now();
    let source: Source | undefined;
    if (p.source) source = await liveSource(trx, p.source, p.domain);
    else if (Object.keys(p.tracking).length) {
      source = await trx.insertInto('affiliate_sources').values({
        id: newSourceId(), domain: p.domain, visitor: `signup:${p.userId}`, day: dayOf(now),
        network: p.tracking.network ?? null, ref: p.tracking.ref ?? null, sub1: p.tracking.sub1 ?? null, sub2: p.tracking.sub2 ?? null, sub3: p.tracking.sub3 ?? null,
        click_id: crypto.randomUUID(), click_id_generated: true, lander: null, niche: null, country: p.country || null, created_at: now,
      }).onConflict((oc) => oc.columns(['domain', 'visitor', 'day']).doNothing()).returningAll().executeTakeFirst();
    }
    if (!source) return;
    const attributed = await trx.insertInto('affiliate_attributions').values({ user_id: p.userId, source_id: source.id, created_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing()).returning('user_id').executeTakeFirst();
    if (!attributed) return;
    await addEvent(trx, source, { kind: 'signup', key: `signup:${p.userId}`, domain: p.domain, userId: p.userId });
  }

  async function onActivation(trx: DB, p: { userId: number; domain: string }) {
    const source = await sourceOfMember(trx, p.userId);
    if (source) await addEvent(trx, source, { kind: 'activation', key: `activation:${p.userId}`, domain: p.domain, userId: p.userId });
  }

  async function onPaid(trx: DB, p: { userId: number; paymentId: number; domain: string; amount: number; currency: string; first: boolean }) {
    const source = await sourceOfMember(trx, p.userId);
    if (!source) return;
    const money = { domain: p.domain, userId: p.userId, paymentId: p.paymentId, amount: p.amount, currency: p.currency };
    if (p.first) await addEvent(trx, source, { kind: 'first_purchase', key: `first_purchase:${p.userId}`, ...money });
    await addEvent(trx, source, { kind: 'purchase', key: `purchase:${p.paymentId}`, ...money });
  }

  /**
   * How a visit with bounce logging ended; the first report of a source wins. `bounced`: left
   * within the window without any interaction.
   */
  async function logBounce(b: { domain: string; source?: string; visitor?: string; timeOnPageMs: number; interacted: boolean; windowMs: number }): Promise<boolean> {
    const now = clock.now();
    let q = db.selectFrom('affiliate_sources').select(['id', 'bounce_logging']).where('domain', '=', b.domain);
    if (b.source) q = q.where('id', '=', b.source);
    else if (b.visitor) q = q.where('visitor', '=', b.visitor).where('day', 'in', [dayOf(now), dayOf(new Date(now.getTime() - DAY_MS))]).orderBy('created_at', 'desc');
    else return false;
    const source = await q.limit(1).executeTakeFirst();
    if (!source?.bounce_logging) return false;
    const row = await db.insertInto('affiliate_bounces').values({
      source_id: source.id, time_on_page_ms: b.timeOnPageMs, interacted: b.interacted,
      bounced: !b.interacted && b.timeOnPageMs < b.windowMs, created_at: now,
    }).onConflict((oc) => oc.column('source_id').doNothing()).returning('source_id').executeTakeFirst();
    return !!row;
  }

  /** An erased member: their events stay (the networks were paid on them), without the person. */
  async function forget(trx: DB, userId: number) {
    await trx.updateTable('affiliate_events').set({ user_id: null }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('affiliate_attributions').where('user_id', '=', userId).execute();
  }

  return { addEvent, recordVisit, onSignup, onActivation, onPaid, logBounce, forget };
}
export type Attribution = ReturnType<typeof createAttribution>;
