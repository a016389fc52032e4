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
}, {
  name: '002_signup_domains',
  async up(db) {
    // The domain each member signed up on (from the signup plugin's signup:completed event), for
    // the console's member search and page. Members from before this table have none.
    await sql`CREATE TABLE account_signup_domains (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      domain text NOT NULL)`.execute(db);
    await sql`CREATE INDEX account_signup_domains_domain ON account_signup_domains (domain, user_id DESC)`.execute(db);
  },
}];
