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
  /** What refunding `refundable_credits` would pay back (minor units); 0 when none. */
  refundable_amount: number;
  /** The last moment a refund may be asked for (paid_at + refund_days), or null when not paid. */
  refund_until: string | null;
  /** Credits and money refunded so far (by the member's refund or at the provider). */
  refunded_credits: number;
  refunded_amount: number;
  /** Made by "repeat order" (a card payment there uses the card stored at the provider). */
  repeat: boolean;
  /** Direct debit: the debited account's last four characters (the mandate keeps the rest). */
  account_hint: string | null;
}

/** POST /api/payments-refund.php: the unused credits of one purchase back as money. */
export interface RefundRequest { id: number }

/** GET /api/payments-receipt.php?id=: a completed payment's receipt, as mailed. */
export interface Receipt {
  /** "<year>-<payment id>", e.g. 2026-000042. */
  number: string;
  payment: Payment;
  /** The seller (company info of the site's company_id); null when none is configured. */
  company: { name: string; address: string; city: string; country: string; kvk: string; vat_numbers: string[] } | null;
  site_name: string;
  /** Who paid: the member's e-mail address. */
  customer: string;
}

/** The countries whose IBANs direct debit takes (SEPA members with the euro here: EUR payments). */
export const SEPA_COUNTRIES = [
  'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR', 'HU', 'IE', 'IS', 'IT', 'LI',
  'LT', 'LU', 'LV', 'MC', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'SM', 'VA', 'AD',
] as const;

/** GET /api/directdebit.php: what the direct-debit form needs before the member fills it in. */
export interface DirectDebitInfo {
  /** The creditor named in the mandate text: the company's name and its SEPA creditor id. */
  creditor_name: string;
  creditor_id: string;
  /** Blocked after a chargeback: the form is not shown ('account blocked for direct debit payments'). */
  blocked: boolean;
  /** Direct debit per member and 30 days (minor units of `currency`): the most, and what is used. */
  limit: { max: number; used: number; currency: Currency };
  /** Days before the debit that the pre-notification (this page and the mail) gives. */
  prenotification_days: number;
}

/** POST /api/directdebit-code.php: sends a 6-digit code by SMS to `phone` (E.164, e.g. +31612345678). */
export interface DirectDebitCodeRequest { phone: string }
export interface DirectDebitCodeResponse {
  /** Seconds the code stays valid, and before another may be asked for. */
  expires_in: number;
  resend_in: number;
}

/** POST /api/directdebit.php: the one-time debit for one package; the amount comes from the server. */
export interface DirectDebitRequest {
  package_id: number;
  holder: string;
  iban: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO country of the address. */
  country: string;
  phone: string;
  code: string;
  /** The checkbox authorising the one-time debit: must be true. */
  authorise: boolean;
  /** The amount the page showed: never charged; another server price answers 409 price_changed. */
  shown_amount?: number;
}

/**
 * The discount a member gets now (a plugin such as bonuses supplies it; payments applies it): the
 * best of the 4-hour time bonus, a code the member entered and the welcome discount.
 */
export interface OfferDiscount {
  code: string;
  kind: 'time_bonus' | 'welcome' | 'code';
  /** Percent off the package price, e.g. 25 (two decimals at most). */
  value_percentage: number;
  /** Seconds until it ends by the server's clock (the page counts down from it); null: no end. */
  ends_in: number | null;
  /** The package price (minor units of the offer's currency) it needs at least; null: any. */
  minimum_order_value: number | null;
  /** The methods it applies to; null: all. */
  paymentmethods: PaymentMethod[] | null;
}

/**
 * What `discount` takes off a package of `price` paid with `method` (minor units, rounded down):
 * the one computation the server charges and the page shows, so the two cannot differ.
 */
export function discountAmount(discount: OfferDiscount | null | undefined, price: number, method?: PaymentMethod): number {
  if (!discount || !(discount.value_percentage > 0)) return 0;
  if (discount.minimum_order_value != null && price < discount.minimum_order_value) return 0;
  if (method && discount.paymentmethods && !discount.paymentmethods.includes(method)) return 0;
  // Hundredths of a percent as an integer: no float rounding in the money.
  const basisPoints = Math.round(discount.value_percentage * 100);
  return Math.floor((price * Math.min(basisPoints, 10_000)) / 10_000);
}

/** GET /api/credits.php: what the member's country offers. */
export interface CreditsOffer {
  country: string;
  currency: Currency;
  packages: CreditPackage[];
  methods: OfferedMethod[];
  /** The discount the member gets now (applied when the payment is made), or null. */
  discount: OfferDiscount | null;
  /** Whether a discount code can be entered (POST /api/discountcode.php, the bonuses plugin). */
  codes: boolean;
  /** The member's last paid order, for "repeat order" (null before the first purchase). */
  last_order: { package_id: number; method: PaymentMethod } | null;
}

/** POST /api/payments.php: the amount is computed by the server from the package, never sent. */
export interface CreatePaymentRequest {
  package_id: number;
  method: PaymentMethod;
  /** From /credits/repeat-order: the last order again (a card payment uses the stored card). */
  repeat?: boolean;
  /**
   * The amount the page showed (minor units). Never charged: when the server's price differs (a
   * bonus ended meanwhile) the payment is refused with 409 price_changed and the page reloads the offer.
   */
  shown_amount?: number;
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
