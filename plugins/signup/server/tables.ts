import type { TimestampDefault } from '../../../kernel/server/db.ts';

// The signup plugin's table (./migrations.ts): only signup writes it.

export interface SignupTrackingTable {
  user_id: number;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  domain: string;
  created_at: TimestampDefault;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables { signup_tracking: SignupTrackingTable }
}
