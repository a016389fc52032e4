import type { Generated } from 'kysely';
import type { Timestamp } from '../../../kernel/server/db.ts';

// The account plugin's table (./migrations.ts): only account writes it.

export interface AccountDeletionsTable {
  id: Generated<number>;
  user_id: number | null;
  reason: string;
  comment: Generated<string>;
  requested_at: Timestamp;
  reactivated_at: Timestamp | null;
}

/** The domain a member signed up on (written on signup:completed). */
export interface AccountSignupDomainsTable {
  user_id: number;
  domain: string;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables { account_deletions: AccountDeletionsTable; account_signup_domains: AccountSignupDomainsTable }
}
