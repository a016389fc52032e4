import type { TimestampDefault } from '../../../kernel/server/db.ts';

// The swipe game's table (./migrations.ts): only swipe-game writes it.

export interface SwipePassesTable { user_id: number; passed_id: number; created_at: TimestampDefault }

declare module '../../../kernel/server/db.ts' {
  interface Tables { swipe_passes: SwipePassesTable }
}
