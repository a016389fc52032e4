import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const likesMigrations: Migration[] = [{
  name: '001_likes',
  async up(db) {
    await sql`CREATE TABLE likes (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      liked_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      source text NOT NULL DEFAULT 'profile',
      is_new boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, liked_id),
      CHECK (user_id <> liked_id))`.execute(db);
    await sql`CREATE INDEX likes_received ON likes (liked_id, created_at DESC)`.execute(db);
    await sql`CREATE INDEX likes_sent_source ON likes (user_id, source, created_at)`.execute(db);
  },
}];
