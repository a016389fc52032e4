import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const accountMigrations: Migration[] = [{
  name: '001_deletions',
  async up(db) {
    // Why members leave (kept without the person once the account is erased: no user reference survives).
    await sql`CREATE TABLE account_deletions (
      id serial PRIMARY KEY,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      reason text NOT NULL,
      comment text NOT NULL DEFAULT '',
      requested_at timestamptz NOT NULL,
      reactivated_at timestamptz)`.execute(db);
  },
}];
