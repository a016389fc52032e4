import type { Generated } from 'kysely';
import type { Timestamp } from '../../../kernel/server/db.ts';

// The notifications plugin's table (./migrations.ts): only notifications writes it.

export interface NotificationMailEventsTable { id: Generated<number>; user_id: number; type: string; at: Timestamp }

declare module '../../../kernel/server/db.ts' {
  interface Tables { notification_mail_events: NotificationMailEventsTable }
}
