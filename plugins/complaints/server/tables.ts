import type { Generated } from 'kysely';
import type { ComplaintStatus, ComplaintTopic } from '../contract.ts';

/** The complaints plugin's table, declared for Kysely (merged into the kernel's Tables). */
export interface ComplaintsTable {
  id: Generated<number>;
  /** C<year>-<id>, set in the transaction that stores the row (contract.ts complaintReference). */
  reference: string | null;
  user_id: number | null;
  domain: string;
  locale: string;
  name: string;
  /** Normalised (trimmed, lower case). */
  email: string;
  topic: ComplaintTopic;
  text: string;
  status: Generated<ComplaintStatus>;
  created_at: Date;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables { complaints: ComplaintsTable }
}

/** An answer staff mailed from the console (server/console.ts). */
export interface ComplaintAnswersTable {
  id: Generated<number>;
  complaint_id: number;
  staff_id: number | null;
  text: string;
  sent_at: Date;
}
declare module '../../../kernel/server/db.ts' {
  interface Tables { complaint_answers: ComplaintAnswersTable }
}
