import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { notFound } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { acceptPhotoBodies, loadOwnProfile, siteRegionCodes } from '../../members/server.ts';
import { PHOTO_LIMITS, type ProfileUpdate } from '../../members/contract.ts';
import { checkProfileUpdate, profileUpdateSchema } from './validate.ts';
import { membersRef } from '../../members/server.ts';
import { accounts } from '../../auth/server.ts';

const photoId = {
  type: 'object', required: ['id'], additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, main: { type: 'boolean', const: true } },
};

/** The member's own profile: attributes and photos. */
export async function profileRoutes(app: FastifyInstance, kernel: Kernel) {
  const members = () => kernel.services.get(membersRef);
  const own = async (req: FastifyRequest, userId: number) => {
    const profile = await loadOwnProfile(kernel.db, {
      storage: kernel.storage, cdnPrefix: req.site.cdn_prefix ?? '', viewer: await members().viewer(userId),
    }, userId);
    if (!profile) throw notFound('profile_not_found', 'You have no profile yet.');
    return { profile };
  };

  app.get('/profile.php', { config: { access: 'member' } }, async (req) => own(req, memberId(req)));

  app.put('/profile.php', { config: { access: 'member' }, schema: { body: profileUpdateSchema } }, async (req) => {
    const userId = memberId(req);
    const [profile, account] = await Promise.all([members().basics([userId]).then((m) => m.get(userId)), accounts.account(kernel.db, userId)]);
    if (!profile || !account) throw notFound('profile_not_found', 'You have no profile yet.');
    const current = { country: profile.country, email: account.email };
    const regionsOf = (country: string) => siteRegionCodes(req.site.countries, country);
    const update = checkProfileUpdate(req.body as ProfileUpdate, current, regionsOf, kernel.clock.now());
    await members().updateProfile(userId, update);
    return own(req, userId);
  });

  // The photo itself is the body (JPEG, PNG or WebP); its real type is read from its bytes.
  acceptPhotoBodies(app);

  app.post('/photos.php', {
    config: { access: 'member', binaryBody: true, rateLimit: { max: 60 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } },
    bodyLimit: PHOTO_LIMITS.maxBytes + 1024,
  }, async (req, reply) => {
    const userId = memberId(req);
    const body = req.body;
    if (!Buffer.isBuffer(body) || !body.length) {
      return reply.status(400).send({ error: 'photo_type_invalid', message: 'Send the photo (JPEG, PNG or WebP) as the request body' });
    }
    await members().addPhoto(userId, body);
    return own(req, userId);
  });

  app.put('/photos.php', { config: { access: 'member' }, schema: { body: photoId } }, async (req) => {
    const userId = memberId(req);
    await members().setMainPhoto(userId, (req.body as { id: number }).id);
    return own(req, userId);
  });

  app.delete('/photos.php', { config: { access: 'member' }, schema: { body: photoId } }, async (req) => {
    const userId = memberId(req);
    await members().deletePhoto(userId, (req.body as { id: number }).id);
    return own(req, userId);
  });
}
