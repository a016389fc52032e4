import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const complaintsMigrations: Migration[] = [{
  name: '001_complaints',
  async up(db) {
    // A complaint stays when the member's account is erased (user_id set null): it is a record of
    // what was asked and answered. The operator console (later) moves `status` on.
    await sql`CREATE TABLE complaints (
      id serial PRIMARY KEY,
      reference text UNIQUE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      domain text NOT NULL,
      locale text NOT NULL,
      name text NOT NULL,
      email text NOT NULL,
      topic text NOT NULL CHECK (topic IN ('member', 'payment', 'service')),
      text text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
      created_at timestamptz NOT NULL)`.execute(db);
    // The per-address limit counts an address's recent complaints; the console lists by state.
    await sql`CREATE INDEX complaints_email ON complaints (email, created_at)`.execute(db);
    await sql`CREATE INDEX complaints_status ON complaints (status, created_at)`.execute(db);
  },
}];
