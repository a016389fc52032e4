import type { PersonalDataSource } from '../../auth/server.ts';

/**
 * The push plugin's part of a member's copy of their data (auth's addPersonalData): the browsers
 * they allowed notifications in (their consent to push messages). The keys that encrypt the
 * messages are left out: they are the browser's secrets, not information about the member.
 */
const hostOf = (url: string) => { try { return new URL(url).host; } catch { return null; } };

export const pushData: PersonalDataSource = {
  name: 'push',
  about: 'push:personalData.push',
  async collect(userId, db) {
    const rows = await db.selectFrom('push_subscriptions').select(['endpoint', 'created_at', 'last_sent_at'])
      .where('user_id', '=', userId).orderBy('created_at').execute();
    return { data: { subscriptions: rows.map((r) => ({ push_service: hostOf(r.endpoint), endpoint: r.endpoint, allowed_at: r.created_at, last_sent_at: r.last_sent_at })) } };
  },
};
