import type { PersonalDataSource } from '../../auth/server.ts';
import { accounts } from '../../auth/server.ts';
import { NOTIFICATION_CATEGORIES } from '../contract.ts';

/**
 * The notifications plugin's part of a member's copy of their data (auth's addPersonalData): which
 * notification mails they agreed to receive and which they switched off, and the bounces and spam
 * complaints their mail provider reported (which switch mails off).
 */
export const notificationsData: PersonalDataSource = {
  name: 'notifications',
  about: 'notifications:personalData.notifications',
  async collect(userId, db) {
    const off = await accounts.notificationsDisabled(db, userId);
    const events = await db.selectFrom('notification_mail_events').select(['type', 'at']).where('user_id', '=', userId).orderBy('at').execute();
    return {
      data: {
        mails_on: NOTIFICATION_CATEGORIES.filter((c) => !off.includes(c)),
        mails_off: NOTIFICATION_CATEGORIES.filter((c) => off.includes(c)),
        mail_reports: events,
      },
    };
  },
};
