import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const helloMigrations: Migration[] = [{
  name: '001_hello_greetings',
  async up(db) {
    await sql`CREATE TABLE hello_greetings (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      domain text NOT NULL,
      note text,
      created_at timestamptz NOT NULL)`.execute(db);
    await sql`CREATE INDEX hello_greetings_domain ON hello_greetings (domain)`.execute(db);
  },
}];
