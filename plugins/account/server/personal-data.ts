import type { PersonalDataSource } from '../../auth/server.ts';

/**
 * The account plugin's part of a member's copy of their data (auth's addPersonalData): the site they
 * signed up on and every request to delete the account, with the reason given and whether they came
 * back within the 14 days.
 */
export const accountHistoryData: PersonalDataSource = {
  name: 'account-history',
  about: 'account:personalData.history',
  async collect(userId, db) {
    const site = await db.selectFrom('account_signup_domains').select('domain').where('user_id', '=', userId).executeTakeFirst();
    const deletions = await db.selectFrom('account_deletions').select(['reason', 'comment', 'requested_at', 'reactivated_at'])
      .where('user_id', '=', userId).orderBy('requested_at').orderBy('id').execute();
    return { data: { signed_up_on: site?.domain ?? null, deletion_requests: deletions } };
  },
};
