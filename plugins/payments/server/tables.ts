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
  /** The credits were granted (at "paid"; a direct debit at acceptance). */
  credited: Generated<boolean>;
  /** Given back as money at the member's request, and the money paid back (minor units). */
  refunded_credits: Generated<number>;
  refunded_amount: Generated<number>;
  /** Taken back after a chargeback, a returned debit or a refund made at the provider. */
  reversed_credits: Generated<number>;
  repeat: Generated<boolean>;
  /** Direct debit: the account's last four characters. */
  account_hint: string | null;
}

/** A member's refund of a purchase's unused credits (one per payment). */
export interface PaymentRefundsTable {
  id: Generated<number>;
  payment_id: number;
  credits: number;
  amount: number;
  status: 'pending' | 'done' | 'failed';
  provider_refund_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A 6-digit SMS code for a direct debit (hash only). */
export interface DirectDebitCodesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  ip: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** The mandate a member signed for one direct debit. */
export interface DirectDebitMandatesTable {
  payment_id: number;
  reference: string;
  holder: string;
  iban: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  phone: string;
  language: string;
  ip: string;
  user_agent: string;
  signed_at: Date;
}

export interface DirectDebitBlocksTable {
  user_id: number;
  payment_id: number | null;
  reason: string;
  at: Date;
}

/** What was seen of a payment and from where: every change of status, and every refusal (wrong amount). */
export interface PaymentEventsTable {
  id: Generated<Int8>;
  payment_id: number;
  status: string;
  source: 'webhook' | 'poll' | 'return' | 'create' | 'console';
  note: string | null;
  at: TimestampDefault;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables {
    payments: PaymentsTable;
    payment_events: PaymentEventsTable;
    payment_refunds: PaymentRefundsTable;
    directdebit_codes: DirectDebitCodesTable;
    directdebit_mandates: DirectDebitMandatesTable;
    directdebit_blocks: DirectDebitBlocksTable;
  }
}
