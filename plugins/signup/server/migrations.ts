import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const signupMigrations: Migration[] = [{
  name: '001_tracking',
  async up(db) {
    // Where a member came from (affiliate network and its sub-ids), kept with the account.
    await sql`CREATE TABLE signup_tracking (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      network text, ref text, sub1 text, sub2 text, sub3 text,
      domain text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  },
}];
