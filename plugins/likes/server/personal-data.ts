import type { PersonalDataSource } from '../../auth/server.ts';
import type { MembersService } from '../../members/server.ts';

/** The likes plugin's part of a member's copy of their data (auth's addPersonalData): likes given and received. */
export const likesData = (members: Pick<MembersService, 'basics'>): PersonalDataSource => ({
  name: 'likes',
  about: 'likes:personalData.likes',
  async collect(userId, db) {
    const given = await db.selectFrom('likes').select(['liked_id as member_id', 'source', 'created_at'])
      .where('user_id', '=', userId).orderBy('created_at').execute();
    const received = await db.selectFrom('likes').select(['user_id as member_id', 'created_at'])
      .where('liked_id', '=', userId).orderBy('created_at').execute();
    const names = await members.basics([...new Set([...given, ...received].map((l) => l.member_id))]);
    const named = <L extends { member_id: number }>(l: L) => ({ ...l, member_name: names.get(l.member_id)?.name ?? null });
    return { data: { given: given.map(named), received: received.map(named) } };
  },
});
