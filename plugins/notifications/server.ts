import crypto from 'node:crypto';
import { defineServerPlugin, type Kernel } from '../../kernel/server/plugin.ts';
import type { NotificationCategory } from './contract.ts';
import { unsubscribeSigner } from './server/links.ts';
import { notificationMigrations } from './server/migrations.ts';
import { disabledOf, notificationRoutes } from './server/routes.ts';

/** What other server plugins ask before sending a notification (kernel.services id "notifications"). */
export interface NotificationsService {
  allows(userId: number, category: NotificationCategory): Promise<boolean>;
}

const linkSigner = async (kernel: Kernel) => unsubscribeSigner(
  await kernel.secrets.get('notifications:unsubscribe', () => crypto.randomBytes(32).toString('base64url')));

/** Per-category notification switches, unsubscribe links in every mail, bounce and complaint reports. */
export default defineServerPlugin({
  id: 'notifications',
  feature: 'notifications',
  requires: ['auth'],
  migrations: notificationMigrations,
  init(kernel) {
    kernel.services.provide<NotificationsService>('notifications', {
      allows: async (userId, category) => !(await disabledOf(kernel.db, userId)).includes(category),
    });
  },
  async start(kernel) {
    const s = await linkSigner(kernel);
    kernel.mail.setUnsubscribeLinks(async (userId, category, origin) => {
      const token = s.token(userId, category as NotificationCategory | 'all');
      return { page: `${origin}/notifications?unsubscribe=${token}`, oneClick: `${origin}/api/unsubscribe.php?token=${token}` };
    });
  },
  routes: async (app, kernel) => notificationRoutes(await linkSigner(kernel))(app, kernel),
});
