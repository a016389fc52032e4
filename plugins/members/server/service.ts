import type { AnyDB } from '../../../kernel/server/db.ts';
import type { Storage } from '../../../kernel/server/storage.ts';
import type { Gender, Sexuality } from '../contract.ts';
import { photoFiles } from './images.ts';

export interface NewProfile {
  name: string;
  gender: Gender;
  sexuality: Sexuality;
  birthdate: string;          // YYYY-MM-DD
  country: string;
  region: string;
  city: string;
  about?: string;
  /** 'disabled' keeps a new member out of search until the email is confirmed. */
  status: 'active' | 'disabled';
}

/** What the members plugin offers other server plugins (kernel.services id "members"). */
export interface MembersService {
  createProfile(userId: number, p: NewProfile, db?: AnyDB): Promise<void>;
  setStatus(userId: number, status: 'active' | 'disabled', db?: AnyDB): Promise<void>;
  /** Deletes the member's photo files (their rows go with the account). */
  removePhotos(userId: number, db?: AnyDB): Promise<void>;
}

export function createMembersService(db: AnyDB, storage: Storage): MembersService {
  return {
    async createProfile(userId, p, on = db) {
      await on.insertInto('profiles').values({
        user_id: userId, name: p.name, gender: p.gender, sexuality: p.sexuality, birthdate: p.birthdate,
        country: p.country, region: p.region, city: p.city, about: p.about ?? '', status: p.status,
      }).execute();
    },
    async setStatus(userId, status, on = db) {
      await on.updateTable('profiles').set({ status }).where('user_id', '=', userId).execute();
    },
    async removePhotos(userId, on = db) {
      const rows = await on.selectFrom('photos').select('file_key').where('user_id', '=', userId).execute();
      for (const r of rows) {
        // Shared demo portraits stay; a member's own uploads go.
        if (r.file_key.startsWith('seed/')) continue;
        const f = photoFiles(r.file_key);
        await Promise.all([f.full, f.thumb, f.match].map((k) => storage.remove(k)));
      }
      await on.deleteFrom('photos').where('user_id', '=', userId).execute();
    },
  };
}
