import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberId } from '../../../kernel/server/access.ts';
import { notFound } from '../../../kernel/server/errors.ts';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { discountAmount, METHODS, type PaymentMethod } from '../../payments/contract.ts';
import { paymentsRef } from '../../payments/server.ts';
import type { DiscountCodeResponse, EnterCodeRequest } from '../contract.ts';
import type { Bonuses } from './service.ts';

/** Codes a member may try per hour: enough for typos, too few to guess codes. */
export const CODE_TRIES_PER_HOUR = 20;

export function bonusesRoutes(app: FastifyInstance, kernel: Kernel, bonuses: Bonuses) {
  const offer = (req: FastifyRequest) => kernel.services.get(paymentsRef).offer(memberId(req), req.site);

  app.get('/timebonus.php', { config: { access: 'member' } }, async (req) => bonuses.timeBonus(memberId(req)));

  app.get('/discountcode.php', {
    config: { access: 'member' },
    schema: {
      querystring: {
        type: 'object', additionalProperties: false,
        properties: { welcome: { type: 'string', enum: ['true', 'false'] }, package_id: { type: 'integer', minimum: 1, maximum: 1000 }, method: { type: 'string', enum: [...METHODS] } },
      },
    },
  }, async (req): Promise<DiscountCodeResponse> => {
    const q = req.query as { welcome?: string; package_id?: number; method?: PaymentMethod };
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

  app.post('/discountcode.php', {
    config: {
      access: 'member',
      rateLimit: { max: CODE_TRIES_PER_HOUR * kernel.config.rateLimitFactor, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => `discount-code:${req.userId ?? req.ip}` },
    },
    schema: { body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', minLength: 1, maxLength: 60 } } } },
  }, async (req): Promise<DiscountCodeResponse> => {
    const { country, currency } = await offer(req);
    await bonuses.enter(memberId(req), (req.body as EnterCodeRequest).code, { country, currency });
    return { discount: (await offer(req)).discount };
  });

  app.delete('/discountcode.php', { config: { access: 'member' } }, async (req): Promise<DiscountCodeResponse> => {
    await bonuses.forget(memberId(req));
    return { discount: (await offer(req)).discount };
  });
}
