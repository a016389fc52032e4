import crypto from 'node:crypto';
import { defineServerPlugin, type Kernel } from '../../kernel/server/plugin.ts';
import type { MailContent } from '../../kernel/server/mail.ts';
import { optional, serviceRef } from '../../kernel/server/services.ts';
import { unsubscribe, type NotificationCategory } from './contract.ts';
import type { PushPayload } from '../push/contract.ts';
import { unsubscribeSigner } from './server/links.ts';
import { notificationMigrations } from './server/migrations.ts';
import { disabledOf, notificationRoutes } from './server/routes.ts';
import { notificationsData } from './server/personal-data.ts';
import { authRef } from '../auth/server.ts';
import { pushRef } from '../push/server.ts';
import notificationsPlugin from './plugin.ts';

/** What other server plugins ask before sending a notification (kernel.services id "notifications"). */
export interface NotificationsService {
  allows(userId: number, category: NotificationCategory): Promise<boolean>;
  /**
   * Tells a member who is away (no visible tab) about something new, if they allow the category:
   * by web push when a subscription of theirs takes it, else by mail when one is given.
   */
  notifyAway(userId: number, category: NotificationCategory, notice: { push: PushPayload; mail?: () => Promise<MailContent> }): Promise<'push' | 'mail' | 'none'>;
}

const linkSigner = async (kernel: Kernel) => unsubscribeSigner(
  await kernel.secrets.get('notifications:unsubscribe', () => crypto.randomBytes(32).toString('base64url')));

/** Per-category notification switches, unsubscribe links in every mail, bounce and complaint reports. */
export default defineServerPlugin(notificationsPlugin, {
  deps: { auth: authRef, push: optional(pushRef) },
  migrations: notificationMigrations,
  init(kernel) {
    // The push plugin may be absent; then mail is the only way.
    const { push } = kernel.deps;
    // A member's copy of their data (GDPR articles 15 and 20) holds their notification choices.
    kernel.deps.auth.addPersonalData(notificationsData);
    const allows = async (userId: number, category: NotificationCategory) => !(await disabledOf(kernel.db, userId)).includes(category);
    kernel.services.provide(notificationsRef, {
      allows,
      async notifyAway(userId, category, notice) {
        if (!(await allows(userId, category)) || !(await kernel.realtime.isAway(userId))) return 'none';
        // A push link is a path of the site (the service worker opens it on its own origin), never an absolute URL.
        const url = /^\/(?![/\\])/.test(notice.push.url) ? notice.push.url : '/';
        if (push && (await push.send(userId, { ...notice.push, url })) > 0) return 'push';
        if (!notice.mail) return 'none';
        await kernel.mail.queue(await notice.mail());
        return 'mail';
      },
    });
  },
  async start(kernel) {
    const s = await linkSigner(kernel);
    // `origin` is the mail's site canonical origin (siteOrigin), handed in by the kernel's mailer.
    kernel.mail.setUnsubscribeLinks(async (userId, category, origin) => {
      const token = s.token(userId, category as NotificationCategory | 'all');
      return { page: `${origin}/notifications?unsubscribe=${token}`, oneClick: `${origin}${unsubscribe.path}?token=${token}` };
    });
  },
  api: async (app, kernel) => notificationRoutes(app, kernel, { signer: await linkSigner(kernel), auth: kernel.deps.auth }),
});

/** The notifications service, for a plugin's `deps` (usually `optional(notificationsRef)`). */
export const notificationsRef = serviceRef<NotificationsService>('notifications');
