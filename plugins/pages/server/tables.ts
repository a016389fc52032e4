import type { Json, TimestampDefault } from '../../../kernel/server/db.ts';

// The pages plugin's table (its migration in ../server.ts): only pages writes it.

export interface CompaniesTable { id: number; info: Json<unknown>; updated_at: TimestampDefault }

declare module '../../../kernel/server/db.ts' {
  interface Tables { companies: CompaniesTable }
}
