import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';
import { memberChangeTrigger, type MemberTable } from '../../../kernel/server/changes.ts';

/** The user object carries the member's profile and main photo: changes to them end its cache. */
export const memberTables: MemberTable[] = [
  { table: 'profiles', idColumn: 'user_id', ignore: ['last_seen', 'account_deleted'] },
  { table: 'photos', idColumn: 'user_id' },
];

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
membersMigrations.push({
  name: '004_search_at_scale',
  async up(db) {
    // Last activity and "account deleted" are copied onto the profile (kept in step by triggers,
    // whoever writes users), so one index serves filter and order ("most recently active first")
    // and a search reads no users row except for the 24 members it shows.
    await sql`ALTER TABLE profiles ADD COLUMN last_seen timestamptz, ADD COLUMN account_deleted boolean NOT NULL DEFAULT false`.execute(db);
    await sql`UPDATE profiles p SET last_seen = u.last_seen, account_deleted = u.deleted_at IS NOT NULL FROM users u WHERE u.id = p.user_id`.execute(db);
    await sql`CREATE FUNCTION members_profile_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT u.last_seen, u.deleted_at IS NOT NULL INTO NEW.last_seen, NEW.account_deleted FROM users u WHERE u.id = NEW.user_id;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER profiles_from_user BEFORE INSERT ON profiles
      FOR EACH ROW EXECUTE FUNCTION members_profile_from_user()`.execute(db);
    await sql`CREATE FUNCTION members_user_to_profile() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE profiles SET last_seen = NEW.last_seen, account_deleted = NEW.deleted_at IS NOT NULL WHERE user_id = NEW.id;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER users_to_profile AFTER UPDATE OF last_seen, deleted_at ON users FOR EACH ROW
      WHEN (OLD.last_seen IS DISTINCT FROM NEW.last_seen OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
      EXECUTE FUNCTION members_user_to_profile()`.execute(db);
    // One index per filter combination the search page offers, each already in result order, so a
    // page (even page 50) reads its rows in order and stops. Ages filter while walking, or through
    // the birthdate indexes when the range is narrow (the planner decides from statistics).
    const listed = sql`WHERE status = 'active' AND NOT invisible AND NOT account_deleted`;
    const order = sql`last_seen DESC NULLS LAST, user_id DESC`;
    await sql`CREATE INDEX profiles_recent ON profiles (${order}) ${listed}`.execute(db);
    await sql`CREATE INDEX profiles_gender_recent ON profiles (gender, ${order}) ${listed}`.execute(db);
    await sql`CREATE INDEX profiles_country_recent ON profiles (country, ${order}) ${listed}`.execute(db);
    await sql`CREATE INDEX profiles_country_gender_recent ON profiles (country, gender, ${order}) ${listed}`.execute(db);
    await sql`CREATE INDEX profiles_region_recent ON profiles (country, region, ${order}) ${listed}`.execute(db);
    await sql`DROP INDEX profiles_search`.execute(db);
    await sql`DROP INDEX profiles_search_region`.execute(db);
    await sql`CREATE INDEX profiles_country_gender_age ON profiles (country, gender, birthdate) ${listed}`.execute(db);
    await sql`CREATE INDEX profiles_gender_age ON profiles (gender, birthdate) ${listed}`.execute(db);
    await sql`CREATE INDEX profiles_age ON profiles (birthdate) ${listed}`.execute(db);
    // Interest matching (`&&` any shared, `@>` all shared) through the array's GIN index.
    await sql`CREATE INDEX profiles_interests ON profiles USING gin (interests) ${listed}`.execute(db);
  },
});
membersMigrations.push({
  name: '005_member_changes',
  async up(db) {
    for (const table of memberTables) await memberChangeTrigger(table).execute(db);
  },
});
membersMigrations.push({
  name: '006_fictional',
  async up(db) {
    // Fictional profiles (issue 22, part 6): made and run by operators, always marked as such to
    // members; `fictional_niches` lists the niches (1–7) whose domains show them (empty: every niche).
    await sql`ALTER TABLE profiles ADD COLUMN fictional boolean NOT NULL DEFAULT false,
      ADD COLUMN fictional_niches smallint[] NOT NULL DEFAULT '{}'`.execute(db);
    await sql`CREATE INDEX profiles_fictional ON profiles (created_at DESC) WHERE fictional`.execute(db);
  },
});
