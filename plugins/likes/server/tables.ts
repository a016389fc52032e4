import type { Generated } from 'kysely';
import type { TimestampDefault } from '../../../kernel/server/db.ts';

// The likes plugin's table (./migrations.ts): only likes writes it.

export interface LikesTable {
  user_id: number;
  liked_id: number;
  source: Generated<string>;
  is_new: Generated<boolean>;
  created_at: TimestampDefault;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables { likes: LikesTable }
}
