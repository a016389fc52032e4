import type { PersonalDataSource } from '../../auth/server.ts';

/**
 * The signup plugin's part of a member's copy of their data (auth's addPersonalData): the site they
 * signed up on and the partner link's codes that came with the signup, if any.
 */
export const signupData: PersonalDataSource = {
  name: 'signup',
  about: 'signup:personalData.signup',
  async collect(userId, db) {
    const row = await db.selectFrom('signup_tracking').select(['domain', 'network', 'ref', 'sub1', 'sub2', 'sub3', 'created_at'])
      .where('user_id', '=', userId).executeTakeFirst();
    return { data: { signup: row ?? null } };
  },
};
