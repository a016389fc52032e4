import type { Currency, PaymentMethod } from '../contract.ts';

/**
 * One payment service provider (Mollie, Stripe, the built-in test provider) behind one interface:
 * the payments plugin calls only this, so every provider goes through the same code path
 * (create → redirect → webhook or poll → fetch status → the state machine).
 */
export interface PaymentProvider {
  readonly name: string;
  /** The methods this provider can take at all (a domain's settings narrow them further). */
  readonly methods: readonly PaymentMethod[];
  /** Starts a payment; `reference` is our payment id (idempotency key at the provider). */
  create(input: CreateInput): Promise<{ providerId: string; redirectUrl: string }>;
  /** The payment's status as the provider knows it now (webhooks are only a hint to ask). */
  fetch(providerId: string): Promise<ProviderStatus>;
  /** Refunds `amount` minor units of a paid payment; returns the provider's refund id. */
  refund(providerId: string, amount: number, currency: Currency): Promise<{ refundId: string }>;
  /**
   * Which payment a webhook call is about, after checking it really comes from the provider
   * (Stripe: the signature; Mollie: nothing to check, so the id is only a hint to fetch). Null: not
   * ours or not valid (answered 400, nothing changes).
   */
  parseWebhook(req: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }): Promise<{ providerId: string } | null>;
  /**
   * A one-time SEPA direct debit under the mandate we took (/directdebit): no checkout, no redirect.
   * Resolves once the provider accepted it (status then 'pending' until the money is collected, or
   * 'paid'; 'failed' or a chargeback later); throws when refused. Absent: the provider cannot debit.
   */
  debit?(input: DebitInput): Promise<{ providerId: string }>;
}

export interface DebitInput {
  reference: string;
  amount: number;
  currency: Currency;
  description: string;
  webhookUrl: string;
  locale: string;
  holder: string;
  /** Electronic format, upper case, no spaces (checked with ibantools before). */
  iban: string;
  /** Our mandate reference (unique per mandate), and when and from where the member signed it. */
  mandateReference: string;
  signedAt: Date;
  email: string;
  ip: string;
  userAgent: string;
}

export interface CreateInput {
  reference: string;
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  description: string;
  /** Where the payer comes back to (our /transactions/<id>), from the site's canonical origin. */
  returnUrl: string;
  /** Where the provider reports changes (our webhook), from the site's canonical origin. */
  webhookUrl: string;
  locale: string;
}

/** The provider's view, mapped onto our states (amounts in minor units). */
export interface ProviderStatus {
  status: 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';
  /** What the provider says was charged: checked against our amount before crediting. */
  amount: number;
  currency: Currency;
  /** Refunded so far, and charged back so far (minor units). */
  refunded: number;
  chargedBack: number;
}
