import { sql } from 'kysely';
import type { PersonalDataSource } from '../../auth/server.ts';
import { photoFiles } from './images.ts';

/**
 * The members plugin's part of a member's copy of their data (auth's addPersonalData): the profile
 * as they filled it in, their photos (the files, full size), whom they blocked and whom they reported.
 */
export const profileData: PersonalDataSource = {
  name: 'profile',
  about: 'members:personalData.profile',
  async collect(userId, db) {
    const profile = await db.selectFrom('profiles')
      .select(['name', 'gender', 'sexuality', sql<string>`to_char(birthdate, 'YYYY-MM-DD')`.as('birthdate'), 'country', 'region', 'city',
        'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'signup_reason', 'interests', 'about',
        'status', 'invisible', 'created_at'])
      .where('user_id', '=', userId).executeTakeFirst();
    const photos = await db.selectFrom('photos').select(['id', 'file_key', 'status', 'is_main', 'position', 'created_at'])
      .where('user_id', '=', userId).orderBy('position').orderBy('id').execute();
    const blocked = await db.selectFrom('blocks').select(['blocked_id as member_id', 'created_at'])
      .where('blocker_id', '=', userId).orderBy('created_at').execute();
    // Reports they made: their words and whether moderation has closed it; staff's notes stay out.
    const reported = await db.selectFrom('reports').select(['reported_id as member_id', 'reason', 'comment', 'status', 'created_at'])
      .where('reporter_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    const file = (id: number) => `photo-${id}.jpg`;
    return {
      data: {
        profile: profile ?? null,
        photos: photos.map((p) => ({ id: p.id, file: `profile/${file(p.id)}`, status: p.status, is_main: p.is_main, position: p.position, uploaded_at: p.created_at })),
        blocked_members: blocked,
        reported_members: reported,
      },
      files: photos.map((p) => ({ key: photoFiles(p.file_key).full, name: file(p.id) })),
    };
  },
};
