import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { badRequest, notFound } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { acceptPhotoBodies, loadOwnProfile, siteRegionCodes, type MembersService } from '../../members/server.ts';
import { PHOTO_LIMITS } from '../../members/contract.ts';
import { deletePhoto, ownProfile, saveProfile, setMainPhoto, uploadPhoto } from '../contract.ts';
import { checkProfileUpdate } from './validate.ts';
import { accounts } from '../../auth/server.ts';

/** The member's own profile: attributes and photos. */
export function profileRoutes(app: FastifyInstance, kernel: Kernel, members: MembersService) {
  const own = async (req: FastifyRequest, userId: number) => {
    const profile = await loadOwnProfile(kernel.db, {
      storage: kernel.storage, cdnPrefix: req.site.cdn_prefix ?? '', viewer: await members.viewer(userId),
    }, userId);
    if (!profile) throw notFound('profile_not_found', 'You have no profile yet.');
    return { profile };
  };

  kernel.serve(app, ownProfile, async (req) => own(req, memberId(req)));

  kernel.serve(app, saveProfile, async (req) => {
    const userId = memberId(req);
    const [profile, account] = await Promise.all([members.basics([userId]).then((m) => m.get(userId)), accounts.account(kernel.db, userId)]);
    if (!profile || !account) throw notFound('profile_not_found', 'You have no profile yet.');
    const current = { country: profile.country, email: account.email };
    const regionsOf = (country: string) => siteRegionCodes(req.site.countries, country);
    const update = checkProfileUpdate(req.body, current, regionsOf, kernel.clock.now());
    await members.updateProfile(userId, update);
    return own(req, userId);
  });

  // The photo itself is the body (JPEG, PNG or WebP); its real type is read from its bytes.
  acceptPhotoBodies(app);

  kernel.serve(app, uploadPhoto, {
    rateLimit: { max: 60 * kernel.config.rateLimitFactor, timeWindow: '1 hour' },
    bodyLimit: PHOTO_LIMITS.maxBytes + 1024,
  }, async (req) => {
    const userId = memberId(req);
    const body = req.body;
    if (!Buffer.isBuffer(body) || !body.length) {
      throw badRequest('photo_type_invalid', 'Send the photo (JPEG, PNG or WebP) as the request body');
    }
    await members.addPhoto(userId, body);
    return own(req, userId);
  });

  kernel.serve(app, setMainPhoto, async (req) => {
    const userId = memberId(req);
    await members.setMainPhoto(userId, req.body.id);
    return own(req, userId);
  });

  kernel.serve(app, deletePhoto, async (req) => {
    const userId = memberId(req);
    await members.deletePhoto(userId, req.body.id);
    return own(req, userId);
  });
}
