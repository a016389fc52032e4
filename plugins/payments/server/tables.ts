import type { Generated } from 'kysely';
import type { Int8, TimestampDefault } from '../../../kernel/server/db.ts';
import type { Currency, PaymentMethod, PaymentStatus } from '../contract.ts';

// The payments plugin's tables (./migrations.ts): only payments writes them; credits are granted
// through the credits plugin's service, never by writing its tables.

/**
 * One payment: what was bought (package, credits) and charged (amount = price + fee − discount,
 * minor units), where it stands, and the provider's id for it. Kept after the member's account is
 * erased (user_id becomes null): the bookkeeping needs the record, not the person.
 */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number | null;
  domain: string;
  package_id: number;
  credits: number;
  amount: number;
  fee: number;
  discount: number;
  currency: Currency;
  method: PaymentMethod;
  country: string;
  status: PaymentStatus;
  provider: string;
  /** Set once the provider made the payment; unique per provider. */
  provider_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  updated_at: Date;
}

/** What was seen of a payment and from where: every change of status, and every refusal (wrong amount). */
export interface PaymentEventsTable {
  id: Generated<Int8>;
  payment_id: number;
  status: string;
  source: 'webhook' | 'poll' | 'return' | 'create';
  note: string | null;
  at: TimestampDefault;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables {
    payments: PaymentsTable;
    payment_events: PaymentEventsTable;
  }
}
