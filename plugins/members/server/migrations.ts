import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const membersMigrations: Migration[] = [{
  name: '001_profiles',
  async up(db) {
    await sql`CREATE TABLE profiles (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      gender text NOT NULL,
      sexuality text NOT NULL,
      birthdate date NOT NULL,
      country text NOT NULL,
      region text NOT NULL,
      city text NOT NULL,
      hair_color text NOT NULL,
      eye_color text NOT NULL,
      body_type text NOT NULL,
      relationship_status text NOT NULL,
      tattoos text NOT NULL,
      signup_reason text NOT NULL,
      interests text[] NOT NULL DEFAULT '{}',
      about text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'active',
      invisible boolean NOT NULL DEFAULT false,
      seed_key text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE INDEX profiles_search ON profiles (country, gender, birthdate) WHERE status = 'active' AND NOT invisible`.execute(db);
    await sql`CREATE INDEX profiles_search_region ON profiles (country, region, birthdate) WHERE status = 'active' AND NOT invisible`.execute(db);
    await sql`CREATE TABLE photos (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      file_key text NOT NULL,
      status text NOT NULL DEFAULT 'approved',
      is_main boolean NOT NULL DEFAULT false,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE UNIQUE INDEX photos_one_main ON photos (user_id) WHERE is_main`.execute(db);
    await sql`CREATE INDEX photos_user ON photos (user_id, position)`.execute(db);
  },
}];
membersMigrations.push({
  name: '002_optional_attributes',
  async up(db) {
    // A new member fills in looks and relationship details later: '' means "not told yet".
    for (const col of ['hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'signup_reason', 'city']) {
      await sql`ALTER TABLE profiles ALTER COLUMN ${sql.ref(col)} SET DEFAULT ''`.execute(db);
    }
  },
});
membersMigrations.push({
  name: '003_blocks_reports',
  async up(db) {
    await sql`CREATE TABLE blocks (
      blocker_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blocked_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker_id, blocked_id))`.execute(db);
    await sql`CREATE INDEX blocks_blocked ON blocks (blocked_id)`.execute(db);
    // A report outlives the reporter's account (support still needs it), not the reported one's.
    await sql`CREATE TABLE reports (
      id serial PRIMARY KEY,
      reporter_id integer REFERENCES users(id) ON DELETE SET NULL,
      reported_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reason text NOT NULL,
      comment text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE INDEX reports_reported ON reports (reported_id, created_at)`.execute(db);
  },
});
