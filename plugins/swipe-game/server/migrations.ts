import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const swipeMigrations: Migration[] = [{
  name: '001_swipe_passes',
  async up(db) {
    await sql`CREATE TABLE swipe_passes (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      passed_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, passed_id))`.execute(db);
  },
}];
