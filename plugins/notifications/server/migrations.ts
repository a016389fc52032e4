import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const notificationMigrations: Migration[] = [{
  name: '001_mail_events',
  async up(db) {
    await sql`CREATE TABLE notification_mail_events (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL,
      at timestamptz NOT NULL)`.execute(db);
  },
}];
