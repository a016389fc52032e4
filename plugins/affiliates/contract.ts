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

// ---------------------------------------------------------------------------------------------
// The operator console's affiliates section (plugins/affiliates/console.ts). Who may do what:
// networks (their postback URL templates and secrets) and retrying a postback are 'admin' (a
// postback tells a network to pay an affiliate: money); the figures, traffic sources, failed
// postbacks and the embed snippets are 'operator' (read only, no secret in them).

const NETWORK_NAME = '^[A-Za-z0-9._~:@+-]{1,100}$';
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

/** A network as the console shows it: never its secret, only its last four characters. */
export const NetworkView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The domain it is for; null: every domain. */
  domain: Nullable(Type.String()),
  postback_url: Type.String(),
  method: Type.Enum(['GET', 'POST']),
  events: Type.Array(Type.Enum(AFFILIATE_EVENTS)),
  active: Type.Boolean(),
  /** '…' and the secret's last four characters. */
  secret_hint: Type.String(),
  /** 'config': imported from the sites' `affiliate_networks` setting at a start; 'console': made in the console. */
  origin: Type.Enum(['config', 'console']),
  updated_at: Type.String(),
});
export type NetworkView = Static<typeof NetworkView>;

const NetworkFields = {
  postback_url: Type.String({ minLength: 10, maxLength: 2000 }),
  method: Type.Enum(['GET', 'POST']),
  events: Type.Array(Type.Enum(AFFILIATE_EVENTS), { minItems: 1, maxItems: 5, uniqueItems: true }),
  active: Type.Boolean(),
};
/** A secret typed by the admin (at least 16 characters); without one the server makes one. */
const SecretInput = Type.String({ minLength: 16, maxLength: 200 });

/** GET /api/operator/affiliates/networks (admin): every network in the database. */
export const consoleNetworks = endpoint({
  method: 'GET', path: '/api/operator/affiliates/networks', access: 'admin',
  response: Type.Object({ networks: Type.Array(NetworkView) }),
});

/** POST /api/operator/affiliates/networks (admin): a new network; the answer shows its secret, this once. */
export const consoleNetworkCreate = endpoint({
  method: 'POST', path: '/api/operator/affiliates/networks', access: 'admin',
  body: Type.Object({
    name: Type.String({ pattern: NETWORK_NAME }),
    domain: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 253 }))),
    ...NetworkFields,
    secret: Type.Optional(SecretInput),
  }, { additionalProperties: false }),
  response: Type.Object({ network: NetworkView, secret: Type.String() }),
});

/** PUT /api/operator/affiliates/networks (admin): changes a network; a new secret (typed, or made with new_secret) is shown this once. */
export const consoleNetworkUpdate = endpoint({
  method: 'PUT', path: '/api/operator/affiliates/networks', access: 'admin',
  body: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    postback_url: Type.Optional(NetworkFields.postback_url),
    method: Type.Optional(NetworkFields.method),
    events: Type.Optional(NetworkFields.events),
    active: Type.Optional(NetworkFields.active),
    secret: Type.Optional(SecretInput),
    /** Make a new random secret (the old one stops working at once). */
    new_secret: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false }),
  response: Type.Object({ network: NetworkView, secret: Nullable(Type.String()) }),
});

/** What the figures are filtered by (from/to: UTC days, both included; at most 366 days). */
export const FiguresQuery = Type.Object({
  from: Day, to: Day,
  domain: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
  network: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  ref: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  /** Only visits without a network (the figures show them as network ''). */
  no_network: Type.Optional(Type.Boolean()),
  /** Only visits without a ref. */
  no_ref: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type FiguresQuery = Static<typeof FiguresQuery>;

const Counts = {
  visits: Type.Integer(), bounces: Type.Integer(), signups: Type.Integer(), activations: Type.Integer(),
  first_purchases: Type.Integer(), purchases: Type.Integer(),
  /** Sum of purchases in minor units, per currency (exact). */
  revenue: Type.Record(Type.String(), Type.Integer()),
  postbacks_sent: Type.Integer(), postbacks_failed: Type.Integer(), postbacks_pending: Type.Integer(),
};
/** One traffic source (a network and a ref) on one UTC day. */
export const FigureRow = Type.Object({ day: Type.String(), network: Type.String(), ref: Type.String(), ...Counts });
export type FigureRow = Static<typeof FigureRow>;
/** One traffic source over the whole period, with the first and last day it had events. */
export const SourceRow = Type.Object({ network: Type.String(), ref: Type.String(), first_day: Type.String(), last_day: Type.String(), ...Counts });
export type SourceRow = Static<typeof SourceRow>;

/** GET /api/operator/affiliates/figures (operator): per traffic source and day, and per source. */
export const consoleFigures = endpoint({
  method: 'GET', path: '/api/operator/affiliates/figures', access: 'operator',
  query: FiguresQuery,
  response: Type.Object({ days: Type.Array(FigureRow), sources: Type.Array(SourceRow) }),
});

/** GET /api/operator/affiliates/figures.csv (operator): the same rows per source and day, as a CSV file. */
export const consoleFiguresCsv = endpoint({
  method: 'GET', path: '/api/operator/affiliates/figures.csv', access: 'operator', raw: true,
  query: FiguresQuery,
});

export const PostbackView = Type.Object({
  id: Type.Integer(),
  day: Type.String(),
  network: Type.String(),
  ref: Type.String(),
  domain: Type.String(),
  event: Type.Enum(AFFILIATE_EVENTS),
  status: Type.Enum(['pending', 'sending', 'delivered', 'failed', 'skipped']),
  attempts: Type.Integer(),
  created_at: Type.String(),
  /** The last attempt: its outcome, the answer's status and the error. */
  last_outcome: Nullable(Type.String()),
  last_http_status: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Nullable(Type.String()),
});
export type PostbackView = Static<typeof PostbackView>;

/** GET /api/operator/affiliates/postbacks (operator): a source's postbacks in the period (failed ones by default), newest first, at most 500. */
export const consolePostbacks = endpoint({
  method: 'GET', path: '/api/operator/affiliates/postbacks', access: 'operator',
  query: Type.Object({
    ...FiguresQuery.properties,
    status: Type.Optional(Type.Enum(['pending', 'sending', 'delivered', 'failed', 'skipped'])),
  }, { additionalProperties: false }),
  response: Type.Object({ postbacks: Type.Array(PostbackView) }),
});

/** POST /api/operator/affiliates/postbacks/retry (admin): sends a failed postback again (the same payout id: the network counts it once). */
export const consolePostbackRetry = endpoint({
  method: 'POST', path: '/api/operator/affiliates/postbacks/retry', access: 'admin',
  body: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  response: Type.Object({ postback: PostbackView }),
});

/** GET /api/operator/affiliates/domains (operator): the domains and their origins (for the filters and the embed snippets). */
export const consoleAffiliateDomains = endpoint({
  method: 'GET', path: '/api/operator/affiliates/domains', access: 'operator',
  response: Type.Object({ domains: Type.Array(Type.Object({ domain: Type.String(), origin: Type.String(), widget_origins: Type.Array(Type.String()) })) }),
});
