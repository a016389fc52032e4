import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { badRequest, HttpError } from '../../../kernel/server/errors.ts';
import { normaliseHost, siteOrigin } from '../../../kernel/server/settings.ts';
import type { Resolver } from '../../../kernel/server/outbound.ts';
import { toCsv } from '../../../kernel/contract/csv.ts';
import {
  consoleAffiliateDomains, consoleFigures, consoleFiguresCsv, consoleNetworkCreate, consoleNetworks, consoleNetworkUpdate,
  consolePostbackRetry, consolePostbacks,
} from '../contract.ts';
import { figures, figuresCsvRows, periodOf, postbacksOf } from './figures.ts';
import { checkTemplate, networkAudit, networkView, newSecret, type Networks } from './networks.ts';
import { POSTBACK_JOB } from './postbacks.ts';

const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);

/**
 * The console's affiliates section (access in contract.ts: networks and retries 'admin', figures
 * and postbacks 'operator'). Every change is written to the audit log in its own transaction, the
 * secret only as a fingerprint.
 */
export function affiliateConsoleRoutes(app: FastifyInstance, kernel: Kernel, deps: { networks: Networks; resolve: Resolver }) {
  const { networks } = deps;
  const template = async (url: string) => {
    const problem = await checkTemplate(url, { testHooks: kernel.config.testHooks, resolve: deps.resolve });
    if (problem) throw badRequest('invalid_input', problem, { field: 'postback_url' });
  };
  const domainOf = async (raw: string | null | undefined) => {
    if (raw == null || raw === '') return null;
    const domain = normaliseHost(raw);
    if (!(await kernel.sites.rows()).some((r) => r.domain === domain && domain !== 'default')) throw badRequest('invalid_input', `No domain ${domain}`, { field: 'domain' });
    return domain;
  };
  const period = (q: { from: string; to: string }) => {
    if (!periodOf(q)) throw badRequest('invalid_input', 'from must be a day before or equal to to, at most 366 days apart', { field: 'from' });
  };

  kernel.serve(app, consoleNetworks, async () => ({ networks: (await networks.list()).map(networkView) }));

  kernel.serve(app, consoleNetworkCreate, async (req) => {
    const b = req.body;
    await template(b.postback_url);
    const domain = await domainOf(b.domain);
    const secret = b.secret ?? newSecret();
    const row = await kernel.db.transaction().execute(async (trx) => {
      const made = await networks.create(trx, { name: b.name, domain, postback_url: b.postback_url, method: b.method, events: b.events, active: b.active, secret });
      if (!made) throw new HttpError(409, 'network_exists', `The network ${b.name} exists already${domain ? ` for ${domain}` : ''}.`);
      await kernel.audit.record(trx, req, { action: 'affiliates.network-create', target: `affiliate-network:${made.id}`, before: null, after: networkAudit(made) });
      return made;
    });
    return { network: networkView(row), secret };
  });

  kernel.serve(app, consoleNetworkUpdate, async (req) => {
    const { id, new_secret: renew, secret: typed, ...fields } = req.body;
    if (renew && typed) throw badRequest('invalid_input', 'Either type a secret or make a new one, not both', { field: 'secret' });
    if (fields.postback_url !== undefined) await template(fields.postback_url);
    const secret = typed ?? (renew ? newSecret() : undefined);
    const row = await kernel.db.transaction().execute(async (trx) => {
      const before = await networks.get(trx, id);
      if (!before) throw notFound('Network');
      const after = await networks.update(trx, id, { ...fields, ...(secret ? { secret } : {}) });
      await kernel.audit.record(trx, req, { action: 'affiliates.network-update', target: `affiliate-network:${id}`, before: networkAudit(before), after: networkAudit(after) });
      return after;
    });
    return { network: networkView(row), secret: secret ?? null };
  });

  kernel.serve(app, consoleFigures, async (req) => {
    period(req.query);
    return figures(kernel.db, req.query);
  });

  kernel.serve(app, consoleFiguresCsv, async (req, reply) => {
    period(req.query);
    const { days } = await figures(kernel.db, req.query);
    const { columns, rows } = figuresCsvRows(days);
    reply.header('Content-Disposition', `attachment; filename="affiliates-${req.query.from}-${req.query.to}.csv"`);
    return reply.type('text/csv; charset=utf-8').send(toCsv(rows, columns));
  });

  kernel.serve(app, consolePostbacks, async (req) => {
    const { status, ...q } = req.query;
    period(q);
    return { postbacks: await postbacksOf(kernel.db, { ...q, status: status ?? 'failed' }) };
  });

  kernel.serve(app, consolePostbackRetry, async (req) => {
    const id = req.body.id;
    await kernel.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('affiliate_postbacks').select(['id', 'status', 'attempts', 'domain', 'network']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound('Postback');
      if (before.status !== 'failed') throw new HttpError(409, 'not_failed', `This postback is ${before.status}: only a failed one is sent again.`);
      await trx.updateTable('affiliate_postbacks').set({ status: 'pending', lease_until: null, finished_at: null }).where('id', '=', id).execute();
      await kernel.jobs.enqueue(POSTBACK_JOB, { postback: id, domain: before.domain }, { db: trx });
      await kernel.audit.record(trx, req, {
        action: 'affiliates.postback-retry', target: `affiliate-postback:${id}`,
        before: { status: before.status, attempts: before.attempts, network: before.network }, after: { status: 'pending', attempts: before.attempts, network: before.network },
      });
    });
    const [postback] = await postbacksOf(kernel.db, { id });
    return { postback };
  });

  kernel.serve(app, consoleAffiliateDomains, async () => {
    const rows = (await kernel.sites.rows()).filter((r) => r.domain !== 'default');
    const domains = await Promise.all(rows.map(async (r) => {
      const site = await kernel.sites.resolve(r.domain);
      return { domain: r.domain, origin: siteOrigin(site), widget_origins: [...(site.widget_origins ?? [])] };
    }));
    return { domains: domains.sort((a, b) => a.domain.localeCompare(b.domain)) };
  });
}
