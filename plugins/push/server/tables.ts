import type { Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from '../../../kernel/server/db.ts';

// The push plugin's table (./migrations.ts): only push writes it.

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: TimestampDefault;
  last_sent_at: Timestamp | null;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables { push_subscriptions: PushSubscriptionsTable }
}
