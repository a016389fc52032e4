import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';
import { memberChangeTrigger, type MemberTable } from '../../../kernel/server/changes.ts';

/** The user object GET user.php answers with is cached; a change to the row (not its last activity) ends that. */
export const usersChanges: MemberTable = { table: 'users', idColumn: 'id', ignore: ['last_seen'] };

export const authMigrations: Migration[] = [{
  name: '001_users',
  async up(db) {
    await sql`CREATE TABLE users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      password_hash text,
      status text NOT NULL DEFAULT 'not_confirmed',
      signup_date timestamptz NOT NULL DEFAULT now(),
      language text,
      notifications_disabled jsonb NOT NULL DEFAULT '[]',
      last_seen timestamptz,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE UNIQUE INDEX users_email ON users (lower(email))`.execute(db);
    await sql`CREATE TABLE auth_login_failures (
      id serial PRIMARY KEY,
      email text NOT NULL,
      ip text NOT NULL,
      at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE INDEX auth_login_failures_email ON auth_login_failures (email, at)`.execute(db);
    await sql`CREATE INDEX auth_login_failures_ip ON auth_login_failures (ip, at)`.execute(db);
  },
}, {
  name: '002_users_last_seen',
  async up(db) {
    // Member lists show the most recently active first.
    await sql`CREATE INDEX users_last_seen ON users (last_seen DESC NULLS LAST)`.execute(db);
  },
}, {
  // (003_credit_ledger: credits and the ledger now belong to the credits plugin; its migration
  // takes over what databases made before it have: users.credits, users.paid_user, credit_ledger.)
  name: '004_known_addresses',
  async up(db) {
    // Addresses that logged in to an account before: other addresses' failures never delay them.
    await sql`CREATE TABLE auth_known_addresses (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      ip text NOT NULL,
      last_login timestamptz NOT NULL,
      PRIMARY KEY (user_id, ip))`.execute(db);
    await sql`CREATE INDEX auth_known_addresses_last ON auth_known_addresses (last_login)`.execute(db);
  },
}, {
  name: '005_member_changes',
  async up(db) {
    await memberChangeTrigger(usersChanges).execute(db);
  },
}, {
  name: '006_roles',
  async up(db) {
    // Who may use operator routes; set only by `npm run operator -- create <email>`.
    await sql`ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'operator'))`.execute(db);
  },
}, {
  name: '007_admin_role',
  async up(db) {
    // Console roles: admin (everything) and operator (members, moderation, the inbox).
    await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
    await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('member', 'operator', 'admin'))`.execute(db);
  },
}, {
  name: '008_disabled',
  async up(db) {
    // Set by an operator (the console's members section): the member cannot log in until enabled again.
    await sql`ALTER TABLE users ADD COLUMN disabled_at timestamptz`.execute(db);
  },
}];
