import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as c from '../../contract/console.ts';
import { enabledPlugins, type PluginDescriptor } from '../../contract/plugin.ts';
import { HttpError, badRequest } from '../errors.ts';
import { settingProblem, type PluginSettings } from '../plugin-settings.ts';
import { canonicalOrigin, normaliseHost } from '../settings.ts';
import { pageHeaders } from '../shell.ts';
import type { Kernel } from '../plugin.ts';
import type { ConsoleStaff } from './staff.ts';
import { CONSOLE_COOKIE, CONSOLE_IDLE_MS } from './staff.ts';
import type { AuditRow } from './audit.ts';
import { KERNEL_SETTING_DEFS } from './kernel-settings.ts';
import { toCsv } from '../../contract/csv.ts';

interface ConsoleDeps {
  kernel: Kernel;
  staff: ConsoleStaff;
  plugins: readonly PluginDescriptor[];
  settings: PluginSettings;
}

const staffView = (s: { userId: number; email: string; role: 'operator' | 'admin' }) => ({ user_id: s.userId, email: s.email, role: s.role, idle_minutes: CONSOLE_IDLE_MS / 60_000 });

/** The cookie of a console session: this site only, never sent cross-site, gone with the browser's session. */
function setConsoleCookie(reply: FastifyReply, kernel: Kernel, token: string | null) {
  reply.setCookie(CONSOLE_COOKIE, token ?? '', {
    path: '/', httpOnly: true, sameSite: 'strict', secure: kernel.config.production,
    ...(token ? {} : { maxAge: 0 }),
  });
}

/** The schema and owner of a setting name (kernel or plugin); null for a name nobody owns. */
function settingDef(d: ConsoleDeps, name: string) {
  const k = KERNEL_SETTING_DEFS[name];
  if (k) return { plugin: 'kernel', def: k };
  return d.settings.owners.get(name) ?? null;
}

/** The console's API (login, its own account, domains and features, the audit log) and its page. */
export async function registerConsole(app: FastifyInstance, d: ConsoleDeps) {
  const { kernel, staff } = d;
  const { audit } = kernel;
  const factor = kernel.config.rateLimitFactor;

  kernel.serve(app, c.consoleLogin, { rateLimit: { max: 10 * factor, timeWindow: '1 minute' } }, async (req) => {
    const issuer = req.site.name || 'Console';
    const step = await staff.password(req.body.email.trim().toLowerCase(), req.body.password, `${issuer} console`);
    if (!step) throw new HttpError(401, 'login_failed', 'Login failed, please try again.');
    return step;
  });

  kernel.serve(app, c.consoleCode, { rateLimit: { max: 20 * factor, timeWindow: '1 minute' } }, async (req, reply) => {
    const result = await staff.code(req.body.ticket, req.body.code);
    if (!result.ok) {
      if (result.reason === 'wrong_code') throw badRequest('wrong_code', 'That code is not right. Try the current one.');
      throw new HttpError(401, 'ticket_expired', 'Log in again with your password.');
    }
    const token = await staff.open(result.userId, req.ip ?? null);
    const who = await staff.resolve(token);
    if (!who) throw new HttpError(401, 'ticket_expired', 'Log in again with your password.');
    setConsoleCookie(reply, kernel, token);
    await kernel.db.transaction().execute((trx) => audit.recordAs(trx, { userId: who.userId, email: who.email, role: who.role, ip: req.ip ?? null }, {
      action: result.recovery_codes ? 'console.enrol' : 'console.login', target: `staff:${who.userId}`,
    }));
    return { staff: staffView(who), recovery_codes: result.recovery_codes };
  });

  kernel.serve(app, c.consoleLogout, async (req, reply) => {
    await staff.close(req.cookies[CONSOLE_COOKIE]);
    setConsoleCookie(reply, kernel, null);
    return { ok: true as const };
  });

  kernel.serve(app, c.consoleMe, async (req) => ({ staff: staffView(req.staff!) }));

  const summary = async (domain: string, updatedAt: Date): Promise<c.SiteSummary> => {
    const site = await kernel.sites.resolve(domain);
    return {
      domain, canonical_url: site.canonical_url, name: site.name ?? '', niche: Number(site.niche ?? 1), domain_language: site.domain_language ?? '',
      countries: site.countries ?? [], company_id: Number(site.company_id ?? 1), plugins_on: [...kernel.enabled(site)], updated_at: updatedAt.toISOString(),
    };
  };

  kernel.serve(app, c.consoleSites, async () => {
    const rows = (await kernel.sites.rows()).filter((r) => r.domain !== 'default');
    return { sites: await Promise.all(rows.map((r) => summary(r.domain, r.updated_at))) };
  });

  const pluginInfos = (): c.PluginInfo[] => [
    { id: 'kernel', feature: null, requires: [], optional: [], settings: Object.entries(KERNEL_SETTING_DEFS).map(([name, def]) => ({ name, schema: def.schema, default: null, browser: def.browser })) },
    ...d.plugins.map((p) => ({
      id: p.id, feature: p.feature ?? null, requires: [...(p.requires ?? [])], optional: [...(p.optional ?? [])],
      settings: Object.entries(p.settings ?? {}).map(([name, def]) => ({ name, schema: def.schema, default: def.default, browser: def.browser })),
    })),
  ];
  kernel.serve(app, c.consolePlugins, async () => ({ plugins: pluginInfos() }));

  const rowOf = async (domain: string) => (await kernel.sites.rows()).find((r) => r.domain === domain) ?? null;

  kernel.serve(app, c.consoleSite, async (req) => {
    const domain = normaliseHost(req.query.domain);
    const row = await rowOf(domain);
    if (!row) throw new HttpError(404, 'not_found', `No domain ${domain}`);
    const defaults = domain === 'default' ? {} : (await rowOf('default'))?.settings ?? {};
    const site = await kernel.sites.resolve(domain === 'default' ? '' : domain);
    return { domain, own: row.settings, defaults: { ...d.settings.defaults, ...defaults }, effective: { ...site }, plugins_on: [...kernel.enabled(site)] };
  });

  /** Every value checked against its owner's schema; the first failing one named (params.field). */
  const check = (settings: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(settings)) {
      const owner = settingDef(d, name);
      if (!owner) throw badRequest('invalid_input', `settings/${name} is not a setting`, { field: name });
      if (value === null) continue;
      const problem = settingProblem(owner.def.schema, value, name);
      if (problem) throw badRequest('invalid_input', problem, { field: name });
      if (name === 'canonical_url' && !canonicalOrigin(value)) throw badRequest('invalid_input', 'canonical_url is no http(s) origin', { field: name });
    }
  };

  kernel.serve(app, c.consoleSiteUpdate, async (req) => {
    const domain = normaliseHost(req.body.domain);
    check(req.body.settings);
    if (domain === 'default' && Object.entries(req.body.settings).some(([k, v]) => v === null && KERNEL_SETTING_DEFS[k])) {
      throw badRequest('invalid_input', 'The default row keeps every setting of the kernel', { field: Object.keys(req.body.settings)[0] });
    }
    if (!(await rowOf(domain))) throw new HttpError(404, 'not_found', `No domain ${domain}`);
    await kernel.db.transaction().execute(async (trx) => {
      const { before, after } = await kernel.sites.write(trx, domain, req.body.settings);
      const changedKeys = Object.keys(req.body.settings);
      const pick = (o: Record<string, unknown> | null) => Object.fromEntries(changedKeys.map((k) => [k, o?.[k] ?? null]));
      await audit.record(trx, req, { action: 'sites.update', target: `site:${domain}`, before: pick(before), after: pick(after) });
    });
    kernel.sites.changed(domain);
    const site = await kernel.sites.resolve(domain === 'default' ? '' : domain);
    return { ok: true as const, plugins_on: [...kernel.enabled(site)] };
  });

  kernel.serve(app, c.consoleSiteCreate, async (req) => {
    const { domain: raw, ...values } = req.body;
    const domain = normaliseHost(raw);
    if (domain === 'default') throw badRequest('invalid_input', 'domain "default" is the defaults row', { field: 'domain' });
    check(values);
    if (await rowOf(domain)) throw new HttpError(409, 'domain_exists', `The domain ${domain} exists already.`);
    await kernel.db.transaction().execute(async (trx) => {
      const { after } = await kernel.sites.write(trx, domain, values, { create: true });
      await audit.record(trx, req, { action: 'sites.create', target: `site:${domain}`, before: null, after });
    });
    kernel.sites.changed(domain);
    return { site: await summary(domain, kernel.clock.now()) };
  });

  const view = (r: AuditRow): c.AuditEntryView => ({ id: r.id, at: r.at, actor_id: r.actor_id, actor_email: r.actor_email, actor_role: r.actor_role, ip: r.ip, action: r.action, target: r.target, before: r.before, after: r.after, hash: r.hash });
  const filterOf = (q: { actor?: string; action?: string; target?: string; from?: string; to?: string; before_id?: number }) => ({
    ...q, to: q.to ? new Date(new Date(q.to).getTime() + 86400_000).toISOString().slice(0, 10) : undefined,
  });
  kernel.serve(app, c.consoleAudit, async (req) => ({ entries: (await audit.list({ ...filterOf(req.query), limit: 100 })).map(view) }));
  kernel.serve(app, c.consoleAuditCsv, async (req, reply) => {
    const rows: Record<string, unknown>[] = [];
    let before: number | undefined;
    // Every matching row, a thousand at a time (the console's export is for the auditor's spreadsheet).
    for (;;) {
      const page = await audit.list({ ...filterOf(req.query), before_id: before, limit: 1000 });
      rows.push(...page.map(view));
      if (page.length < 1000 || rows.length >= 100_000) break;
      before = page[page.length - 1].id;
    }
    reply.header('Content-Disposition', 'attachment; filename="audit-log.csv"');
    return reply.type('text/csv; charset=utf-8').send(toCsv(rows, ['id', 'at', 'actor_email', 'actor_role', 'ip', 'action', 'target', 'before', 'after', 'hash']));
  });
  kernel.serve(app, c.consoleAuditVerify, async () => {
    const r = await audit.verify();
    return r.ok ? { ok: true, rows: r.rows, broken_at: null, why: null } : { ok: false, rows: r.rows, broken_at: r.broken_at, why: r.why };
  });
}

/** The console's page: /operator and everything under it, from the console build (<dist>/console). */
export function registerConsolePage(app: FastifyInstance, distDir: string) {
  const file = path.join(distDir, 'console', 'console.html');
  const page = async (_req: FastifyRequest, reply: FastifyReply) => {
    let html: string;
    try {
      html = fs.readFileSync(file, 'utf8');
    } catch {
      return reply.status(404).send({ error: 'not_found', message: 'The console is not built' });
    }
    pageHeaders(reply);
    // Never framed, never kept: a console page holds staff data.
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    return reply.type('text/html; charset=utf-8').send(html);
  };
  app.get('/operator', { config: { access: 'visitor' } }, page);
  app.get('/operator/*', { config: { access: 'visitor' } }, page);
}
