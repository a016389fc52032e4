import Type, { type Static } from 'typebox';
import { endpoint } from './endpoint.ts';

/**
 * The console's own endpoints (kernel/server/console): logging in with a password and a TOTP code,
 * the staff member's own account, domains and their features and settings, the audit log. The
 * plugins add their sections' endpoints under /api/operator/<plugin>/ in their own contract.ts.
 */

const Email = Type.String({ minLength: 3, maxLength: 254 });
export const StaffRole = Type.Union([Type.Literal('operator'), Type.Literal('admin')]);
export const StaffView = Type.Object({ user_id: Type.Integer(), email: Type.String(), role: StaffRole, idle_minutes: Type.Integer() });
export type StaffView = Static<typeof StaffView>;

/** POST /api/console/login: the password step; the answer asks for a code (and, before enrolment, shows the QR code). */
export const consoleLogin = endpoint({
  method: 'POST', path: '/api/console/login', access: 'visitor',
  body: Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
  response: Type.Union([
    Type.Object({ step: Type.Literal('code'), ticket: Type.String() }),
    Type.Object({ step: Type.Literal('enrol'), ticket: Type.String(), secret: Type.String(), uri: Type.String(), qr_svg: Type.String() }),
  ]),
});
export type ConsoleLoginAnswer = Static<typeof consoleLogin.response>;

/** POST /api/console/code: a TOTP code or a recovery code for the ticket; sets the console cookie. */
export const consoleCode = endpoint({
  method: 'POST', path: '/api/console/code', access: 'visitor',
  body: Type.Object({ ticket: Type.String({ minLength: 20, maxLength: 100 }), code: Type.String({ minLength: 6, maxLength: 20 }) }, { additionalProperties: false }),
  response: Type.Object({ staff: StaffView, recovery_codes: Type.Union([Type.Array(Type.String()), Type.Null()]) }),
});

/** POST /api/console/logout: ends the console session (the member session, if any, stays). */
export const consoleLogout = endpoint({
  method: 'POST', path: '/api/console/logout', access: 'visitor',
  body: Type.Object({}, { additionalProperties: false }),
  response: Type.Object({ ok: Type.Literal(true) }),
});

/** GET /api/operator/me: who is logged in to the console. */
export const consoleMe = endpoint({
  method: 'GET', path: '/api/operator/me', access: 'operator',
  response: Type.Object({ staff: StaffView }),
});

const Domain = Type.String({ minLength: 1, maxLength: 253, pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$' });
export const SiteSummary = Type.Object({
  domain: Type.String(), canonical_url: Type.String(), name: Type.String(), niche: Type.Integer(), domain_language: Type.String(),
  countries: Type.Array(Type.String()), company_id: Type.Integer(), plugins_on: Type.Array(Type.String()), updated_at: Type.String(),
});
export type SiteSummary = Static<typeof SiteSummary>;

/** GET /api/operator/sites: every domain with what it is and which plugins are on there. */
export const consoleSites = endpoint({
  method: 'GET', path: '/api/operator/sites', access: 'admin',
  response: Type.Object({ sites: Type.Array(SiteSummary) }),
});

export const PluginInfo = Type.Object({
  id: Type.String(), feature: Type.Union([Type.String(), Type.Null()]), requires: Type.Array(Type.String()), optional: Type.Array(Type.String()),
  /** Its settings: name, JSON schema (title, description, bounds), default. */
  settings: Type.Array(Type.Object({ name: Type.String(), schema: Type.Unknown(), default: Type.Unknown(), browser: Type.Boolean() })),
});
export type PluginInfo = Static<typeof PluginInfo>;

/** GET /api/operator/plugins: every plugin with its switch, what it requires and its settings' schemas (the kernel's as plugin "kernel"). */
export const consolePlugins = endpoint({
  method: 'GET', path: '/api/operator/plugins', access: 'admin',
  response: Type.Object({ plugins: Type.Array(PluginInfo) }),
});

/** GET /api/operator/site: one domain's stored values (its own and the default's) and what they resolve to. */
export const consoleSite = endpoint({
  method: 'GET', path: '/api/operator/site', access: 'admin',
  query: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 253 }) }, { additionalProperties: false }),
  response: Type.Object({
    domain: Type.String(),
    own: Type.Record(Type.String(), Type.Unknown()),
    defaults: Type.Record(Type.String(), Type.Unknown()),
    effective: Type.Record(Type.String(), Type.Unknown()),
    plugins_on: Type.Array(Type.String()),
  }),
});

/** PUT /api/operator/site: changes settings of a domain ("default": of every domain without its own value); null removes a domain's own value. */
export const consoleSiteUpdate = endpoint({
  method: 'PUT', path: '/api/operator/site', access: 'admin',
  body: Type.Object({
    domain: Type.String({ minLength: 1, maxLength: 253 }),
    settings: Type.Record(Type.String({ pattern: '^[a-z0-9_]{1,60}$' }), Type.Unknown(), { minProperties: 1, maxProperties: 200 }),
  }, { additionalProperties: false }),
  response: Type.Object({ ok: Type.Literal(true), plugins_on: Type.Array(Type.String()) }),
});

/** POST /api/operator/sites: a new domain. */
export const consoleSiteCreate = endpoint({
  method: 'POST', path: '/api/operator/sites', access: 'admin',
  body: Type.Object({
    domain: Domain,
    canonical_url: Type.String({ minLength: 8, maxLength: 300 }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    niche: Type.Integer({ minimum: 1, maximum: 7 }),
    domain_language: Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' }),
    countries: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { minItems: 1, maxItems: 60 }),
    company_id: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  }, { additionalProperties: false }),
  response: Type.Object({ site: SiteSummary }),
});

export const AuditEntryView = Type.Object({
  id: Type.Integer(), at: Type.String(), actor_id: Type.Union([Type.Integer(), Type.Null()]), actor_email: Type.String(), actor_role: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]), action: Type.String(), target: Type.String(), before: Type.Unknown(), after: Type.Unknown(), hash: Type.String(),
});
export type AuditEntryView = Static<typeof AuditEntryView>;

const AuditQuery = Type.Object({
  actor: Type.Optional(Type.String({ maxLength: 254 })),
  action: Type.Optional(Type.String({ maxLength: 100 })),
  target: Type.Optional(Type.String({ maxLength: 300 })),
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  before_id: Type.Optional(Type.Integer({ minimum: 1 })),
}, { additionalProperties: false });

/** GET /api/operator/audit: the log, newest first, 100 at a time (before_id pages on). */
export const consoleAudit = endpoint({
  method: 'GET', path: '/api/operator/audit', access: 'admin',
  query: AuditQuery,
  response: Type.Object({ entries: Type.Array(AuditEntryView) }),
});

/** GET /api/operator/audit.csv: the same filter, every matching row, as a CSV file. */
export const consoleAuditCsv = endpoint({
  method: 'GET', path: '/api/operator/audit.csv', access: 'admin', raw: true,
  query: AuditQuery,
});

/** GET /api/operator/audit/verify: walks the hash chain. */
export const consoleAuditVerify = endpoint({
  method: 'GET', path: '/api/operator/audit/verify', access: 'admin',
  response: Type.Object({ ok: Type.Boolean(), rows: Type.Integer(), broken_at: Type.Union([Type.Integer(), Type.Null()]), why: Type.Union([Type.String(), Type.Null()]) }),
});
