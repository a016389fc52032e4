import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { testPostbacks, testTrustReceiver } from '../contract.ts';

/**
 * End-to-end test hooks (TEST_HOOKS only, loopback only, see kernel/server/test-hooks.ts): trust
 * the local postback receiver's certificate (used only for loopback targets under the outbound
 * test allowance), and read a network's postbacks with every attempt.
 */
export function affiliateTestRoutes(app: FastifyInstance, kernel: Kernel, state: { testCa?: string }) {
  kernel.serve(app, testTrustReceiver, async (req) => {
    state.testCa = req.body.ca;
    return { ok: true as const };
  });

  kernel.serve(app, testPostbacks, async (req) => {
    const rows = await kernel.db.selectFrom('affiliate_postbacks as p').innerJoin('affiliate_events as e', 'e.id', 'p.event_id')
      .select(['p.id', 'p.status', 'e.kind', 'e.payout_id']).where('p.network', '=', req.query.network).orderBy('p.id').execute();
    const attempts = rows.length ? await kernel.db.selectFrom('affiliate_postback_attempts').selectAll()
      .where('postback_id', 'in', rows.map((r) => r.id)).orderBy('attempt').execute() : [];
    const bounces = await kernel.db.selectFrom('affiliate_bounces as b').innerJoin('affiliate_sources as s', 's.id', 'b.source_id')
      .select(['b.time_on_page_ms', 'b.interacted', 'b.bounced']).where('s.network', '=', req.query.network).orderBy('b.created_at').execute();
    return {
      bounces,
      postbacks: rows.map((r) => ({
        event: r.kind, status: r.status, payout_id: r.payout_id,
        attempts: attempts.filter((a) => Number(a.postback_id) === Number(r.id))
          .map((a) => ({ outcome: a.outcome, http_status: a.http_status, started_at: new Date(a.started_at).toISOString() })),
      })),
    };
  });
}
