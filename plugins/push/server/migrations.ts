import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const pushMigrations: Migration[] = [{
  name: '001_push_subscriptions',
  async up(db) {
    // One row per browser a member allowed notifications in; the push service's address is unique.
    await sql`CREATE TABLE push_subscriptions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_sent_at timestamptz)`.execute(db);
    await sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`.execute(db);
  },
}];
