import { sql } from 'kysely';
import type { Migration } from '../../../kernel/server/migrations.ts';

export const dataExportMigrations: Migration[] = [{
  name: '001_data_exports',
  async up(db) {
    // One row per copy a member asked for; the ZIP itself is in the kernel's storage (file_key)
    // until it expires. The rows go with the account (the files through auth's erase hook).
    await sql`CREATE TABLE data_exports (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      domain text NOT NULL,
      locale text NOT NULL,
      status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'ready', 'expired', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      file_key text,
      size integer,
      requested_at timestamptz NOT NULL,
      ready_at timestamptz,
      expires_at timestamptz,
      error text)`.execute(db);
    await sql`CREATE INDEX data_exports_user ON data_exports (user_id, requested_at DESC)`.execute(db);
  },
}];
