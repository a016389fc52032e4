import type { Generated } from 'kysely';
import type { Int8, Json, JsonDefault, Timestamp, TimestampDefault } from './db.ts';

// The kernel's own tables (created by its migrations in sessions.ts, settings.ts, secrets.ts,
// tokens.ts, jobs.ts, realtime.ts and migrations.ts), declared the way plugins declare theirs.

export interface KernelMigrationsTable { owner: string; name: string; applied_at: TimestampDefault }
export interface KernelSessionsTable { token_hash: string; user_id: number; created_at: TimestampDefault; expires_at: Timestamp }
export interface KernelSitesTable { domain: string; settings: Json<unknown>; updated_at: TimestampDefault }
export interface KernelSecretsTable { name: string; value: string; created_at: TimestampDefault }
export interface KernelTokensTable {
  token_hash: string;
  purpose: string;
  user_id: number;
  data: JsonDefault<Record<string, unknown>>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface KernelJobsTable {
  id: Generated<Int8>;
  kind: string;
  payload: JsonDefault<unknown>;
  run_at: Timestamp;
  attempts: Generated<number>;
  locked_until: Timestamp | null;
  last_error: string | null;
  done_at: Timestamp | null;
  failed_at: Timestamp | null;
  created_at: TimestampDefault;
}
export interface KernelPresenceTable { user_id: number; visible: boolean; seen_at: Timestamp }

declare module './db.ts' {
  interface Tables {
    kernel_migrations: KernelMigrationsTable;
    kernel_sessions: KernelSessionsTable;
    kernel_sites: KernelSitesTable;
    kernel_secrets: KernelSecretsTable;
    kernel_tokens: KernelTokensTable;
    kernel_jobs: KernelJobsTable;
    kernel_presence: KernelPresenceTable;
  }
}
