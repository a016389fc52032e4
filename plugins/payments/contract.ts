// What the payments plugin's browser and server halves share: packages, methods, payments and the
// API's request and answer shapes. Money is always integer minor units (pence, cents, øre, grosze).

export const CURRENCIES = ['GBP', 'EUR', 'CHF', 'PLN', 'DKK', 'NOK', 'SEK'] as const;
export type Currency = typeof CURRENCIES[number];

/**
 * The payment methods checkout may offer (spec section 9's list, as the PSPs offer them today).
 * Giropay and Sofort were discontinued by their operators and are not offered; Dankort, Maestro,
 * Carte Bancaire, Visa and Mastercard are card brands of `creditcard`; Nexi is a processor.
 */
export const METHODS = [
  'creditcard', 'applepay', 'paypal', 'ideal', 'bancontact', 'eps', 'przelewy24', 'blik', 'mobilepay',
  'swish', 'vipps', 'twint', 'satispay', 'paysafecard', 'banktransfer', 'directdebit',
] as const;
export type PaymentMethod = typeof METHODS[number];

/** One package a member can buy in one currency: `price` in minor units. */
export interface CreditPackage {
  id: number;
  credits: number;
  price: number;
  currency: Currency;
  /** The one marked "most popular". */
  popular?: boolean;
}

/** A method as offered to one member: its fee (minor units, shown before paying) and limits. */
export interface OfferedMethod {
  method: PaymentMethod;
  /** Added to the package price; 0 for most methods. */
  fee: number;
  /** Highest package price (minor units) the method takes, when it has one (paysafecard ≤ €50). */
  max?: number;
  /** Credits arrive only once the money does (bank transfer). */
  delayed?: boolean;
}

export type PaymentStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded' | 'charged_back';
export const FINAL_STATUSES: PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back'];

/** A payment as the member sees it (GET /api/payments.php?id=…). */
export interface Payment {
  id: number;
  package_id: number;
  credits: number;
  /** Package price + fee − discount: what is charged, in minor units. */
  amount: number;
  fee: number;
  discount: number;
  currency: Currency;
  method: PaymentMethod;
  country: string;
  status: PaymentStatus;
  created_at: string;
  paid_at: string | null;
  /** Credits that can still be refunded (unspent, within refund_days); 0 when none. */
  refundable_credits: number;
}

/** GET /api/credits.php: what the member's country offers. */
export interface CreditsOffer {
  country: string;
  currency: Currency;
  packages: CreditPackage[];
  methods: OfferedMethod[];
  /** The member's last paid order, for "repeat order" (null before the first purchase). */
  last_order: { package_id: number; method: PaymentMethod } | null;
}

/** POST /api/payments.php: the amount is computed by the server from the package, never sent. */
export interface CreatePaymentRequest {
  package_id: number;
  method: PaymentMethod;
}
/** Where the browser goes next: the provider's checkout (or the result page right away). */
export interface CreatePaymentResponse {
  payment: Payment;
  redirect_url: string;
}

/** The currency a member pays in, by the country of their profile (else the site's selected country). */
export const COUNTRY_CURRENCY: Record<string, Currency> = {
  GB: 'GBP', IE: 'EUR', NL: 'EUR', BE: 'EUR', DE: 'EUR', AT: 'EUR', IT: 'EUR', FR: 'EUR', ES: 'EUR', FI: 'EUR',
  CH: 'CHF', PL: 'PLN', DK: 'DKK', NO: 'NOK', SE: 'SEK',
};

export type PackageTable = Record<Currency, Omit<CreditPackage, 'currency'>[]>;
/** Methods offered per country; '*' lists those offered everywhere (each method still needs its currency). */
export type MethodTable = Record<string, PaymentMethod[]>;
