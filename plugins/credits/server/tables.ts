import type { Generated } from 'kysely';
import type { Int8, TimestampDefault } from '../../../kernel/server/db.ts';

// The credits plugin's tables (./migrations.ts): only credits writes them; others use its service
// (../server.ts, creditsRef) or its exported queries (paidSql).

/** One row per member who ever had credits or paid; no row means a balance of 0, not paid. */
export interface CreditAccountsTable {
  user_id: number;
  balance: Generated<number>;
  paid_user: Generated<boolean>;
}

/** Every change to a balance: signed amount, the balance after it, why, and an optional unique reference. */
export interface CreditLedgerTable {
  id: Generated<Int8>;
  user_id: number;
  amount: number;
  balance_after: number;
  reason: string;
  /** Unique when set: a second grant or spend with the same reference changes nothing. */
  reference: string | null;
  created_at: TimestampDefault;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables {
    credit_accounts: CreditAccountsTable;
    credit_ledger: CreditLedgerTable;
  }
}
