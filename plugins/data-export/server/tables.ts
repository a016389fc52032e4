import type { Generated } from 'kysely';
import type { Timestamp } from '../../../kernel/server/db.ts';
import type { ExportStatus } from '../contract.ts';

// The data-export plugin's table (./migrations.ts): only data-export reads and writes it.

export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  /** The site it was asked on: the mail's links and name. */
  domain: string;
  /** The member's language when asked: the mail's and the README's. */
  locale: string;
  status: Generated<ExportStatus>;
  /** Failed builds so far (the job gives up after a few). */
  attempts: Generated<number>;
  file_key: string | null;
  size: number | null;
  requested_at: Timestamp;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
  error: string | null;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables { data_exports: DataExportsTable }
}
