import type { Generated } from 'kysely';

// The bonuses plugin's tables (./migrations.ts): only bonuses writes them.

/** A discount code as operators configure it (codes are stored upper case). */
export interface DiscountCodesTable {
  id: Generated<number>;
  code: string;
  country: string | null;
  /** A personal code: only this member may use it. */
  user_id: number | null;
  expires_at: Date | null;
  /** Hundredths of a percent: 2500 = 25 %. */
  value_bp: number;
  currency: string | null;
  /** The package price it needs at least (minor units of `currency`, or of any currency when null). */
  minimum_order_value: number | null;
  status: 'active' | 'inactive';
  validity: 'once_per_user' | 'reusable';
  paymentmethods: string[] | null;
  created_at: Date;
  /** The staff member who made it in the operator console; null: a seed. */
  created_by: Generated<number | null>;
}

/**
 * A discount claimed by a payment: 'reserved' while the payment is open or pending, 'used' once it
 * is paid, 'released' when it ended unpaid. A once-per-user code has at most one use that is not
 * released per member (a unique index), however many payments are made at once.
 */
export interface DiscountCodeUsesTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  payment_id: number;
  once: boolean;
  status: 'reserved' | 'used' | 'released';
  created_at: Date;
  updated_at: Date;
}

/** The code a member entered on /credits (one at a time). */
export interface DiscountCodeChoicesTable {
  user_id: number;
  code: string;
  chosen_at: Date;
}

declare module '../../../kernel/server/db.ts' {
  interface Tables {
    discount_codes: DiscountCodesTable;
    discount_code_uses: DiscountCodeUsesTable;
    discount_code_choices: DiscountCodeChoicesTable;
  }
}
