// What the affiliates plugin's halves (and the plugins reading its cookie) share: the visit and
// bounce endpoints, the address parameters, and the attribution cookie.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { TRACKING_COOKIE, TRACKING_KEYS, trackingFrom, type Tracking } from '../signup/contract.ts';

/**
 * The attribution cookie: the one place a visitor's traffic source is kept. It keeps the name the
 * signup plugin's browser half has always read (`tracking`), so the signup dialog's gate and the
 * signup itself read the same cookie: a JSON object with the visit's `network`, `ref`, `sub1`–`sub3`
 * and `src` (the id of the recorded traffic source). First-party, `Path=/`, `SameSite=Lax`, `Secure`
 * on https sites, 30 days; not HttpOnly (the signup dialog reads it). Set by POST /api/visit.php.
 */
export const TRAFFIC_COOKIE = TRACKING_COOKIE;
export const TRAFFIC_DAYS = 30;
/** Parameters naming the network's click id (the first one present wins); without one the server makes one. */
export const CLICK_ID_PARAMS = ['click_id', 'clickid'] as const;
/** `lb` in the address (any value but 0) turns on page-bounce logging for that visit. */
export const BOUNCE_PARAM = 'lb';
/** A visitor who neither clicked, typed, scrolled nor touched within this time and left has bounced. */
export const BOUNCE_WINDOW_MS = 10_000;
/** Every address parameter of a traffic source, as the address carries them. */
export const VISIT_PARAMS: readonly string[] = [...TRACKING_KEYS, ...CLICK_ID_PARAMS];

/** The events a traffic source earns, in the order they usually come. */
export const AFFILIATE_EVENTS = ['visit', 'signup', 'activation', 'first_purchase', 'purchase'] as const;
export type AffiliateEvent = (typeof AFFILIATE_EVENTS)[number];

/** A recorded traffic source's id (in the cookie as `src`). */
export const SOURCE_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
/** A browser's own visitor id (kept in its local storage). */
export const VISITOR_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

export interface TrafficCookie { tracking: Tracking; source?: string }

/** The attribution cookie's content, cleaned; anything unreadable is no traffic source. */
export function readTrafficCookie(raw: string | undefined): TrafficCookie {
  if (!raw) return { tracking: {} };
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { tracking: {} };
    const fields = Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const src = fields.src;
    return { tracking: trackingFrom(fields), ...(src && new RegExp(SOURCE_ID_PATTERN).test(src) ? { source: src } : {}) };
  } catch {
    return { tracking: {} };
  }
}

/** Whether the cookie names a traffic source (the `signups` and `logged_out_search_trafficsource` gates). */
export function hasTrafficSource(raw: string | undefined): boolean {
  const c = readTrafficCookie(raw);
  return Object.keys(c.tracking).length > 0 || c.source !== undefined;
}

/** The cookie's value for a traffic source. */
export const trafficCookieValue = (tracking: Tracking, source: string) => JSON.stringify({ ...tracking, src: source });

const param = Type.Optional(Type.String({ maxLength: 300 }));

/** What the page sends when it was opened with tracking parameters. */
export const VisitRequest = Type.Object({
  network: param, ref: param, sub1: param, sub2: param, sub3: param,
  click_id: param,
  /** On a lander: its name (`gallery`; a profile lander: `profile-landing2`) and the niche it shows. */
  lander: Type.Optional(Type.String({ maxLength: 60, pattern: '^[a-z0-9-]+$' })),
  niche: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
  /** `lb` was in the address: the page will report how the visit ended. */
  lb: Type.Optional(Type.Boolean()),
  visitor: Type.Optional(Type.String({ pattern: VISITOR_PATTERN })),
}, { additionalProperties: false });
export type VisitRequest = Static<typeof VisitRequest>;

/** POST /api/visit.php: records the visit (once per visitor and day) and sets the attribution cookie. */
export const recordVisit = endpoint({
  method: 'POST', path: '/api/visit.php', access: 'visitor',
  body: VisitRequest,
  response: Type.Object({
    /** The traffic source the cookie now names. */
    source: Type.String(),
    /** False when this visitor's visit of today was recorded before. */
    recorded: Type.Boolean(),
    /** Bounce logging is on for this visit. */
    bounce: Type.Boolean(),
  }),
});

/** POST /api/visit-bounce.php (a keepalive request as the page is hidden or left): how the visit ended. */
export const logBounce = endpoint({
  method: 'POST', path: '/api/visit-bounce.php', access: 'visitor',
  body: Type.Object({
    source: Type.Optional(Type.String({ pattern: SOURCE_ID_PATTERN })),
    visitor: Type.Optional(Type.String({ pattern: VISITOR_PATTERN })),
    /** Milliseconds from the start of the page load to leaving (or hiding) it. */
    time_on_page_ms: Type.Integer({ minimum: 0, maximum: 7 * 86_400_000 }),
    /** A click, key, scroll or touch came within the first 10 s. */
    interacted: Type.Boolean(),
  }, { additionalProperties: false }),
  response: Type.Object({ logged: Type.Boolean() }),
});

/** POST /api/test/affiliates-receiver (TEST_HOOKS only): trust the local postback receiver's self-signed certificate. */
export const testTrustReceiver = endpoint({
  method: 'POST', path: '/api/test/affiliates-receiver', access: 'visitor',
  body: Type.Object({ ca: Type.String({ maxLength: 20_000, multiline: true }) }, { additionalProperties: false }),
  response: Type.Object({ ok: Type.Literal(true) }),
});

/** GET /api/test/affiliates-postbacks (TEST_HOOKS only): every postback of a network with its attempts, and its visits' bounce logs. */
export const testPostbacks = endpoint({
  method: 'GET', path: '/api/test/affiliates-postbacks', access: 'visitor',
  query: Type.Object({ network: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
  response: Type.Object({
    postbacks: Type.Array(Type.Object({
      event: Type.Enum(AFFILIATE_EVENTS),
      status: Type.String(),
      payout_id: Type.String(),
      attempts: Type.Array(Type.Object({ outcome: Type.String(), http_status: Type.Union([Type.Integer(), Type.Null()]), started_at: Type.String() })),
    })),
    /** How the network's visits with bounce logging ended. */
    bounces: Type.Array(Type.Object({ time_on_page_ms: Type.Integer(), interacted: Type.Boolean(), bounced: Type.Boolean() })),
  }),
});
