import Type, { type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { LOCALES } from './locales.ts';
import type { SiteSettings } from './settings.ts';

/** The kernel's own endpoints (the plugins' are in their contract.ts). */

/** GET /api/health: the process is alive (a liveness probe; it asks nothing of the database: see /api/ready). */
export const health = endpoint({
  method: 'GET', path: '/api/health', access: 'visitor',
  response: Type.Object({ status: Type.Literal('ok'), database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]), uptime: Type.Integer() }),
});

/**
 * GET /api/ready: the balancer may send this instance traffic (200), or not (503, same body):
 * database and Redis answer, migrations ran, not draining (kernel/server/readiness.ts).
 */
export const ready = endpoint({
  method: 'GET', path: '/api/ready', access: 'visitor',
  response: Type.Object({
    ready: Type.Boolean(), draining: Type.Boolean(), migrations: Type.Boolean(),
    database: Type.Union([Type.Boolean(), Type.Null()]), redis: Type.Union([Type.Boolean(), Type.Null()]),
  }),
});

/**
 * GET /api/settings.php: the site's settings the browser may see (spec section 7: done at start,
 * with a forced-domain parameter from the page's host). The page's own query rides along.
 */
export const siteSettings = endpoint({
  method: 'GET', path: '/api/settings.php', access: 'visitor',
  query: Type.Object({ forced_domain: Type.Optional(Type.String({ maxLength: 253, pattern: '^[A-Za-z0-9.:-]*$' })) }, { additionalProperties: true }),
  // The kernel's settings and the browser-marked settings of the plugins on for the domain (which
  // ones differs per domain, so the answer is sent as made, not serialised from this schema).
  response: Type.Unsafe<{ settings: SiteSettings }>(Type.Object({ settings: Type.Object({ domain: Type.String(), plugins: Type.Array(Type.String()) }) })),
});

/** POST /api/page-hidden.php: the beacon sent as the page is hidden (the member counts as away). */
export const pageHidden = endpoint({
  method: 'POST', path: '/api/page-hidden.php', access: 'visitor',
  body: Type.Object({}, { additionalProperties: false }),
  response: Type.Object({ away: Type.Boolean() }),
});

/** GET /api/texts.php: one namespace's texts in one language (kernel/web/i18n.ts fetches it; ETag). */
export const texts = endpoint({
  method: 'GET', path: '/api/texts.php', access: 'visitor', raw: true,
  query: Type.Object({
    lang: Type.Enum(LOCALES),
    ns: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
  }, { additionalProperties: false }),
});
export type TextsQuery = Static<typeof texts.query>;

/** The WebSocket of live events (kernel/server/realtime.ts), authenticated by the session cookie. */
export const socket = endpoint({ method: 'GET', path: '/api/socket', access: 'visitor', raw: true });

/** Test hooks (TEST_HOOKS=1 outside production, loopback only; kernel/server/test-hooks.ts). */
export const testClock = endpoint({
  method: 'POST', path: '/api/test/clock', access: 'visitor',
  body: Type.Object({ advance_ms: Type.Integer({ minimum: 0, maximum: 400 * 86400_000 }) }, { additionalProperties: false }),
  response: Type.Object({ now: Type.String() }),
});
/** A domain's settings changed as an operator would (e.g. the widget origins a partner page needs). */
export const testSite = endpoint({
  method: 'POST', path: '/api/test/site', access: 'visitor',
  body: Type.Object({ domain: Type.String({ maxLength: 253 }), settings: Type.Record(Type.String({ pattern: '^[a-z0-9_]{1,60}$' }), Type.Unknown()) }, { additionalProperties: false }),
  response: Type.Object({ ok: Type.Literal(true) }),
});
export const testJobs = endpoint({
  method: 'POST', path: '/api/test/jobs', access: 'visitor',
  body: Type.Object({}),
  response: Type.Object({ ran: Type.Integer() }),
});
