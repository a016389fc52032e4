import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberId } from '../../../kernel/server/access.ts';
import { notFound } from '../../../kernel/server/errors.ts';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { discountAmount } from '../../payments/contract.ts';
import type { PaymentsService } from '../../payments/server.ts';
import { discountCode, enterCode, forgetCode, timeBonus } from '../contract.ts';
import type { Bonuses } from './service.ts';

/** Codes a member may try per hour: enough for typos, too few to guess codes. */
export const CODE_TRIES_PER_HOUR = 20;

export function bonusesRoutes(app: FastifyInstance, kernel: Kernel, bonuses: Bonuses, payments: PaymentsService) {
  // The member's offer as payments makes it (their country and currency, the best discount of all sources).
  const offer = (req: FastifyRequest) => payments.offer(memberId(req), req.site);

  kernel.serve(app, timeBonus, async (req) => bonuses.timeBonus(memberId(req)));
  // A member's page carries their bonus: the strip is in the first paint (and in the HTML of a page
  // the server renders) instead of pushing the page down when an API answer arrives.
  kernel.bootData.add('time-bonus', async (req) => (req.userId != null && req.site.plugins.includes('bonuses') ? bonuses.timeBonus(req.userId) : null));

  kernel.serve(app, discountCode, async (req) => {
    const q = req.query;
    if (q.welcome === 'true') {
      const welcome = await bonuses.welcome(memberId(req), req.site);
      if (!welcome) throw notFound('code_not_found', 'No welcome discount');
      return { discount: welcome };
    }
    const o = await offer(req);
    if (!o.discount || (q.package_id == null && !q.method)) return { discount: o.discount };
    // Filtered: the discount only when it applies to that package and/or method.
    const price = q.package_id != null ? o.packages.find((p) => p.id === q.package_id)?.price ?? 0 : Number.MAX_SAFE_INTEGER;
    return { discount: discountAmount(o.discount, price, q.method) > 0 ? o.discount : null };
  });

  kernel.serve(app, enterCode, {
    rateLimit: { max: CODE_TRIES_PER_HOUR * kernel.config.rateLimitFactor, timeWindow: '1 hour', keyGenerator: (req) => `discount-code:${req.userId ?? req.ip}` },
  }, async (req) => {
    const { country, currency } = await offer(req);
    await bonuses.enter(memberId(req), req.body.code, { country, currency });
    return { discount: (await offer(req)).discount };
  });

  kernel.serve(app, forgetCode, async (req) => {
    await bonuses.forget(memberId(req));
    return { discount: (await offer(req)).discount };
  });
}
