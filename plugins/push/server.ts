import webpush from 'web-push';
import { defineServerPlugin, type Kernel } from '../../kernel/server/plugin.ts';
import { badRequest } from '../../kernel/server/errors.ts';
import { memberId } from '../../kernel/server/access.ts';
import { PUSH_STATE_COOKIE, pushStateOf, subscribe, unsubscribe, type PushPayload } from './contract.ts';
import { pushMigrations } from './server/migrations.ts';
import { defaultPushNet, endpointProblem, sendPush, type PushNet, type Vapid } from './server/sender.ts';
import { serviceRef } from '../../kernel/server/services.ts';
import { authRef } from '../auth/server.ts';
import { pushData } from './server/personal-data.ts';
import pushPlugin from './plugin.ts';

/** What other plugins use to reach a member's browsers (kernel.services id "push"). */
export interface PushService {
  /** Sends to every browser the member subscribed; returns how many push services took it. */
  send(userId: number, payload: PushPayload): Promise<number>;
}

/** The VAPID key pair is made at first start and kept in the database, shared by every instance. */
async function vapidKeys(kernel: Kernel): Promise<Vapid> {
  const stored = JSON.parse(await kernel.secrets.get('push:vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as { publicKey: string; privateKey: string };
  const site = await kernel.sites.resolve('localhost');
  return { ...stored, subject: `mailto:${site.support_email || 'support@example.com'}` };
}

/**
 * Web push: subscriptions, the public key in the site settings, sending with VAPID. `pushNet`
 * (DNS and the HTTPS call) is replaced in tests, which have no network.
 */
export const createPushPlugin = (pushNet: PushNet = defaultPushNet) => defineServerPlugin(pushPlugin, {
  deps: { auth: authRef },
  migrations: pushMigrations,
  init(kernel) {
    // A member's copy of their data (GDPR articles 15 and 20) holds the browsers they allowed push in.
    kernel.deps.auth.addPersonalData(pushData);
    let vapid: Promise<Vapid> | null = null;
    const keys = () => (vapid ??= vapidKeys(kernel));
    kernel.services.provide(pushRef, { send: async (userId, payload) => sendPush(kernel, await keys(), userId, payload, pushNet) });
  },
  async start(kernel) {
    kernel.sites.provide({ push_public_key: (await vapidKeys(kernel)).publicKey });
  },
  api(app, kernel) {
    // A member's page is rendered with the push alert where their browser will show it.
    kernel.bootData.add('push', async (req) => (req.userId != null && req.site.plugins.includes('push')
      ? pushStateOf(req.cookies?.[PUSH_STATE_COOKIE]) : null));
    // The spec's call: POST /api/user.php?push=1 with the browser's subscription.
    kernel.serve(app, subscribe, { rateLimit: { max: 20 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req) => {
      const userId = memberId(req);
      const sub = req.body;
      // Only https addresses of the known push services; their DNS is checked again at every send.
      const problem = endpointProblem(sub.endpoint);
      if (problem) throw badRequest('invalid_input', `request/endpoint ${problem}`, { field: 'endpoint' });
      // A browser moves to whoever logs in on it last.
      await kernel.db.insertInto('push_subscriptions').values({ user_id: userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth })).execute();
      return { subscribed: true as const };
    });

    kernel.serve(app, unsubscribe, async (req) => {
      const userId = memberId(req);
      await kernel.db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', req.body.endpoint).execute();
      return { subscribed: false as const };
    });
  },
});

export default createPushPlugin();

/** The push service, for a plugin's `deps` (usually `optional(pushRef)`). */
export const pushRef = serviceRef<PushService>('push');
