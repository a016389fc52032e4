import type { PersonalDataSource } from '../../auth/server.ts';
import type { MembersService } from '../../members/server.ts';

/**
 * The swipe game's part of a member's copy of their data (auth's addPersonalData): the members they
 * passed on (their likes in the game are in the likes plugin's part).
 */
export const swipeData = (members: Pick<MembersService, 'basics'>): PersonalDataSource => ({
  name: 'swipe-game',
  about: 'swipe-game:personalData.passes',
  async collect(userId, db) {
    const passed = await db.selectFrom('swipe_passes').select(['passed_id as member_id', 'created_at'])
      .where('user_id', '=', userId).orderBy('created_at').execute();
    const names = await members.basics([...new Set(passed.map((p) => p.member_id))]);
    return { data: { passed: passed.map((p) => ({ ...p, member_name: names.get(p.member_id)?.name ?? null })) } };
  },
});
