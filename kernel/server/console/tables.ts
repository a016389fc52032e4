import type { Generated } from 'kysely';
import type { Int8, Json, Timestamp, TimestampDefault } from '../db.ts';

// The console's tables (staff.ts and audit.ts create them), declared the way plugins declare theirs.

/** A console account's second factor: the TOTP secret (encrypted), a pending one during enrolment, recovery codes (hashed). */
export interface KernelStaffTable {
  user_id: number;
  totp_secret: string | null;
  pending_secret: string | null;
  /** The last time step a code was accepted for: a code is never accepted twice. */
  last_step: Int8 | null;
  recovery_hashes: Json<string[]>;
  failures: Generated<number>;
  enrolled_at: Timestamp | null;
}
export interface KernelConsoleSessionsTable {
  token_hash: string;
  user_id: number;
  created_at: TimestampDefault;
  last_seen_at: Timestamp;
  ip: string | null;
}
export interface KernelAuditTable {
  id: Generated<Int8>;
  at: Timestamp;
  actor_id: number | null;
  actor_email: string;
  actor_role: string;
  ip: string | null;
  action: string;
  target: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  prev_hash: string;
  hash: string;
}

declare module '../db.ts' {
  interface Tables {
    kernel_staff: KernelStaffTable;
    kernel_console_sessions: KernelConsoleSessionsTable;
    kernel_audit: KernelAuditTable;
  }
}
