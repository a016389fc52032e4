// What the payments plugin's browser and server halves share: packages, methods, payments, the
// API's endpoints with their request and answer schemas, and its live event. Money is always
// integer minor units (pence, cents, øre, grosze).
import Type, { type Static, type TSchema } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { CURRENCIES, METHODS } from './lists.ts';

export { CURRENCIES, METHODS } from './lists.ts';

export const Currency = Type.Enum(CURRENCIES);
export type Currency = Static<typeof Currency>;

/** The payment methods checkout may offer (./lists.ts says which and why). */
export const PaymentMethod = Type.Enum(METHODS);
export type PaymentMethod = Static<typeof PaymentMethod>;

/** A database id in a request (a positive 32-bit integer). */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** An amount a page showed (minor units): never charged, only compared with the server's. */
const ShownAmount = Type.Integer({ minimum: 0, maximum: 100_000_000 });

/** One package a member can buy in one currency: `price` in minor units. */
export const CreditPackage = Type.Object({
  /** The tier (1–4), the same in every currency. */
  id: Type.Integer(),
  credits: Type.Integer(),
  price: Type.Integer(),
  currency: Currency,
  /** The one marked "most popular". */
  popular: Type.Optional(Type.Boolean()),
});
export type CreditPackage = Static<typeof CreditPackage>;

/** A method as offered to one member: its fee (minor units, shown before paying) and limits. */
export const OfferedMethod = Type.Object({
  method: PaymentMethod,
  /** Added to the package price; 0 for most methods. */
  fee: Type.Integer(),
  /** Highest package price (minor units) the method takes, when it has one (paysafecard ≤ €50). */
  max: Type.Optional(Type.Integer()),
  /** Credits arrive only once the money does (bank transfer). */
  delayed: Type.Optional(Type.Boolean()),
});
export type OfferedMethod = Static<typeof OfferedMethod>;

export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back'] as const;
export const PaymentStatus = Type.Enum(PAYMENT_STATUSES);
export type PaymentStatus = Static<typeof PaymentStatus>;
export const FINAL_STATUSES: PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back'];

/** A payment as the member sees it (GET /api/payments.php?id=…). */
export const Payment = Type.Object({
  id: Type.Integer(),
  package_id: Type.Integer(),
  credits: Type.Integer(),
  /** Package price + fee − discount: what is charged, in minor units. */
  amount: Type.Integer(),
  fee: Type.Integer(),
  discount: Type.Integer(),
  currency: Currency,
  method: PaymentMethod,
  country: Type.String(),
  status: PaymentStatus,
  created_at: Type.String({ format: 'date-time' }),
  paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Credits that can still be refunded (unspent, within refund_days); 0 when none. */
  refundable_credits: Type.Integer(),
  /** What refunding `refundable_credits` would pay back (minor units); 0 when none. */
  refundable_amount: Type.Integer(),
  /** The last moment a refund may be asked for (paid_at + refund_days), or null when not paid. */
  refund_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Credits and money refunded so far (by the member's refund or at the provider). */
  refunded_credits: Type.Integer(),
  refunded_amount: Type.Integer(),
  /** Made by "repeat order" (a card payment there uses the card stored at the provider). */
  repeat: Type.Boolean(),
  /** Direct debit: the debited account's last four characters (the mandate keeps the rest). */
  account_hint: Type.Union([Type.String(), Type.Null()]),
});
export type Payment = Static<typeof Payment>;

/** The seller on a receipt: the company of the site's company_id. */
export const Company = Type.Object({
  name: Type.String(), address: Type.String(), city: Type.String(), country: Type.String(), kvk: Type.String(),
  vat_numbers: Type.Array(Type.String()),
});

/** GET /api/payments-receipt.php?id=: a completed payment's receipt, as mailed. */
export const Receipt = Type.Object({
  /** "<year>-<payment id>", e.g. 2026-000042. */
  number: Type.String(),
  payment: Payment,
  /** The seller (company info of the site's company_id); null when none is configured. */
  company: Type.Union([Company, Type.Null()]),
  site_name: Type.String(),
  /** Who paid: the member's e-mail address. */
  customer: Type.String(),
});
export type Receipt = Static<typeof Receipt>;

/** The countries whose IBANs direct debit takes (SEPA members with the euro here: EUR payments). */
export const SEPA_COUNTRIES = [
  'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR', 'HU', 'IE', 'IS', 'IT', 'LI',
  'LT', 'LU', 'LV', 'MC', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'SM', 'VA', 'AD',
] as const;

/** GET /api/directdebit.php: what the direct-debit form needs before the member fills it in. */
export const DirectDebitInfo = Type.Object({
  /** The creditor named in the mandate text: the company's name and its SEPA creditor id. */
  creditor_name: Type.String(),
  creditor_id: Type.String(),
  /** Blocked after a chargeback: the form is not shown ('account blocked for direct debit payments'). */
  blocked: Type.Boolean(),
  /** Direct debit per member and 30 days (minor units of `currency`): the most, and what is used. */
  limit: Type.Object({ max: Type.Integer(), used: Type.Integer(), currency: Currency }),
  /** Days before the debit that the pre-notification (this page and the mail) gives. */
  prenotification_days: Type.Integer(),
});
export type DirectDebitInfo = Static<typeof DirectDebitInfo>;

export const DirectDebitCodeResponse = Type.Object({
  /** Seconds the code stays valid, and before another may be asked for. */
  expires_in: Type.Integer(),
  resend_in: Type.Integer(),
});
export type DirectDebitCodeResponse = Static<typeof DirectDebitCodeResponse>;

/**
 * The discount a member gets now (discount sources such as the bonuses plugin supply it; payments
 * applies it): e.g. the 4-hour time bonus, a code the member entered, the welcome discount.
 */
export const OfferDiscount = Type.Object({
  code: Type.String(),
  kind: Type.Enum(['time_bonus', 'welcome', 'code']),
  /** Percent off the package price, e.g. 25 (two decimals at most). */
  value_percentage: Type.Number(),
  /** Seconds until it ends by the server's clock (the page counts down from it); null: no end. */
  ends_in: Type.Union([Type.Integer(), Type.Null()]),
  /** The package price (minor units of the offer's currency) it needs at least; null: any. */
  minimum_order_value: Type.Union([Type.Integer(), Type.Null()]),
  /** The methods it applies to; null: all. */
  paymentmethods: Type.Union([Type.Array(PaymentMethod), Type.Null()]),
});
export type OfferDiscount = Static<typeof OfferDiscount>;

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
export const CreditsOffer = Type.Object({
  country: Type.String(),
  currency: Currency,
  packages: Type.Array(CreditPackage),
  methods: Type.Array(OfferedMethod),
  /**
   * The discount the member gets now (applied when the payment is made), or null: the best among
   * every discount source (server/discounts.ts says how they combine).
   */
  discount: Type.Union([OfferDiscount, Type.Null()]),
  /**
   * The first-purchase discount the member is promised (the welcome discount on /premium), shown
   * even while an open payment holds it; null: none (or a premium member).
   */
  welcome: Type.Union([OfferDiscount, Type.Null()]),
  /** The member's last paid order, for "repeat order" (null before the first purchase). */
  last_order: Type.Union([Type.Object({ package_id: Type.Integer(), method: PaymentMethod }), Type.Null()]),
});
export type CreditsOffer = Static<typeof CreditsOffer>;

/** Where the browser goes next: the provider's checkout (or the result page right away). */
export const CreatePaymentResponse = Type.Object({
  payment: Payment,
  redirect_url: Type.String(),
});
export type CreatePaymentResponse = Static<typeof CreatePaymentResponse>;

/** What messages, photos and gifts cost in credits (the chat plugin's prices). */
export const MessageCosts = Type.Object({ message: Type.Integer(), photo: Type.Integer(), gift: Type.Integer() });
export type MessageCosts = Static<typeof MessageCosts>;

/** The currency a member pays in, by the country of their profile (else the site's selected country). */
export const COUNTRY_CURRENCY: Record<string, Currency> = {
  GB: 'GBP', IE: 'EUR', NL: 'EUR', BE: 'EUR', DE: 'EUR', AT: 'EUR', IT: 'EUR', FR: 'EUR', ES: 'EUR', FI: 'EUR',
  CH: 'CHF', PL: 'PLN', DK: 'DKK', NO: 'NOK', SE: 'SEK',
};

/** Four packages per currency (the credit_packages setting): a package without its currency. */
export type PackageTable = Partial<Record<Currency, Omit<CreditPackage, 'currency'>[]>>;
/** Methods offered per country; '*' lists those offered everywhere (each method still needs its currency). */
export type MethodTable = Record<string, PaymentMethod[]>;

/** What the test provider's checkout page lets the payer choose. */
export const TEST_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'pending_paid'] as const;
export type TestOutcome = typeof TEST_OUTCOMES[number];

// ---------------------------------------------------------------------------------------------
// Endpoints

/** GET /api/credits.php: the member's offer (packages of their currency, methods, discount). */
export const offer = endpoint({ method: 'GET', path: '/api/credits.php', access: 'member', response: CreditsOffer });

/** GET /api/pricing.php?country=: the public price list of a country (/pricing, /premium for visitors). */
export const pricing = endpoint({
  method: 'GET', path: '/api/pricing.php', access: 'visitor',
  query: Type.Object({ country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })) }, { additionalProperties: false }),
  response: Type.Object({
    country: Type.String(),
    currency: Currency,
    packages: Type.Array(CreditPackage),
    /** What a message, a photo and a gift cost in credits; null where the site has no chat. */
    message_costs: Type.Union([MessageCosts, Type.Null()]),
  }),
});
export type PricingResponse = Static<typeof pricing.response>;

/**
 * POST /api/payments.php: the package and the method (and `repeat` from repeat order); the amount
 * is computed by the server from the package, never sent, and anything else in the body is refused.
 */
export const createPayment = endpoint({
  method: 'POST', path: '/api/payments.php', access: 'member',
  body: Type.Object({
    package_id: Id,
    method: PaymentMethod,
    /** From /credits/repeat-order: the last order again (a card payment uses the stored card). */
    repeat: Type.Optional(Type.Boolean()),
    /**
     * The amount the page showed (minor units). Never charged: when the server's price differs (a
     * bonus ended meanwhile) the payment is refused with 409 price_changed and the page reloads the offer.
     */
    shown_amount: Type.Optional(ShownAmount),
  }, { additionalProperties: false }),
  response: CreatePaymentResponse,
});
export type CreatePaymentRequest = Static<typeof createPayment.body>;

/** GET /api/payments.php: the member's payments (newest first), or with `id` one of them. */
export const payments = endpoint({
  method: 'GET', path: '/api/payments.php', access: 'member',
  query: Type.Object({ id: Type.Optional(Id) }, { additionalProperties: false }),
  response: Type.Union([Type.Object({ payment: Payment }), Type.Object({ payments: Type.Array(Payment) })]),
});

/** POST /api/payments-refund.php: the unused credits of one purchase back as money. */
export const refund = endpoint({
  method: 'POST', path: '/api/payments-refund.php', access: 'member',
  body: Type.Object({ id: Id }, { additionalProperties: false }),
  response: Type.Object({ payment: Payment }),
});
export type RefundRequest = Static<typeof refund.body>;

/** GET /api/payments-receipt.php?id=: a completed payment's receipt. */
export const receipt = endpoint({
  method: 'GET', path: '/api/payments-receipt.php', access: 'member',
  query: Type.Object({ id: Id }, { additionalProperties: false }),
  response: Receipt,
});

/** GET /api/directdebit.php: what the direct-debit form needs. */
export const directDebitInfo = endpoint({ method: 'GET', path: '/api/directdebit.php', access: 'member', response: DirectDebitInfo });

/** POST /api/directdebit-code.php: sends a 6-digit code by SMS to `phone` (E.164, e.g. +31612345678). */
export const directDebitCode = endpoint({
  method: 'POST', path: '/api/directdebit-code.php', access: 'member',
  body: Type.Object({ phone: Type.String({ maxLength: 40 }) }, { additionalProperties: false }),
  response: DirectDebitCodeResponse,
});
export type DirectDebitCodeRequest = Static<typeof directDebitCode.body>;

/**
 * POST /api/directdebit.php: the one-time debit for one package; the amount comes from the server.
 * Lengths only here: the meaning (IBAN checksum, SEPA country, code) is checked with translated answers.
 */
export const createDirectDebit = endpoint({
  method: 'POST', path: '/api/directdebit.php', access: 'member',
  body: Type.Object({
    package_id: Id,
    holder: Type.String({ maxLength: 200 }),
    iban: Type.String({ maxLength: 60 }),
    street: Type.String({ maxLength: 200 }),
    postcode: Type.String({ maxLength: 40 }),
    city: Type.String({ maxLength: 120 }),
    /** ISO country of the address. */
    country: Type.String({ maxLength: 10 }),
    phone: Type.String({ maxLength: 40 }),
    code: Type.String({ maxLength: 20 }),
    /** The checkbox authorising the one-time debit: must be true. */
    authorise: Type.Boolean(),
    /** The amount the page showed: never charged; another server price answers 409 price_changed. */
    shown_amount: Type.Optional(ShownAmount),
  }, { additionalProperties: false }),
  response: CreatePaymentResponse,
});
export type DirectDebitRequest = Static<typeof createDirectDebit.body>;

/**
 * POST /api/payments-webhook.php?provider=: the provider's call, the raw body as it came (Stripe
 * signs exactly those bytes); no client header. Only a hint: the status is asked of the provider.
 */
export const webhook = endpoint({
  method: 'POST', path: '/api/payments-webhook.php', access: 'visitor', csrfExempt: true, binaryBody: true,
  query: Type.Object({ provider: Type.String({ minLength: 1, maxLength: 20, pattern: '^[a-z0-9]+$' }) }, { additionalProperties: false }),
  response: Type.Object({}),
});

const TestPaymentId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** GET /api/test-checkout.php?payment=: the built-in test provider's checkout page (HTML). */
export const testCheckoutPage = endpoint({
  method: 'GET', path: '/api/test-checkout.php', access: 'visitor', raw: true,
  query: Type.Object({ payment: TestPaymentId }, { additionalProperties: false }),
});

/** POST /api/test-checkout.php: the payer's choice on that page (a plain form: no client header). */
export const testCheckoutChoose = endpoint({
  method: 'POST', path: '/api/test-checkout.php', access: 'visitor', raw: true, csrfExempt: true,
  body: Type.Object({
    payment: TestPaymentId,
    secret: Type.String({ minLength: 1, maxLength: 100 }),
    outcome: Type.Enum(TEST_OUTCOMES),
  }, { additionalProperties: false }),
});

declare module '../../kernel/contract/realtime.ts' {
  interface RealtimeEvents {
    /** A payment of the member changed (status, refund): as GET /api/payments.php?id= shows it. */
    'payments:status': { payment: Payment };
  }
}

// ---------------------------------------------------------------------------------------------
// The operator console (admins only: money). Paths under /api/operator/payments/, a console
// session (a visitor or a member gets 404, an operator 403); every change is audited.

const CONSOLE = '/api/operator/payments' as const;
/** A calendar day (UTC), YYYY-MM-DD. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Country = Type.String({ pattern: '^[A-Z]{2}$' });
const DomainName = Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' });
const Iso = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** A payment as staff see it: the member, the domain, the provider's id, what was refunded or reversed. */
export const ConsolePayment = Type.Object({
  id: Type.Integer(),
  user_id: Nullable(Type.Integer()),
  /** The member's address (null: the account was erased). */
  email: Nullable(Type.String()),
  domain: Type.String(),
  package_id: Type.Integer(),
  credits: Type.Integer(),
  amount: Type.Integer(),
  fee: Type.Integer(),
  discount: Type.Integer(),
  currency: Currency,
  method: PaymentMethod,
  country: Type.String(),
  status: PaymentStatus,
  provider: Type.String(),
  provider_id: Nullable(Type.String()),
  created_at: Iso,
  paid_at: Nullable(Iso),
  updated_at: Iso,
  credited: Type.Boolean(),
  refunded_credits: Type.Integer(),
  refunded_amount: Type.Integer(),
  reversed_credits: Type.Integer(),
  repeat: Type.Boolean(),
});
export type ConsolePayment = Static<typeof ConsolePayment>;

/** What the provider told of a payment and what was done to it (webhook, poll, return, console). */
export const PaymentEvent = Type.Object({
  id: Type.Integer(), status: Type.String(), source: Type.String(), note: Nullable(Type.String()), at: Iso,
});
export const PaymentRefund = Type.Object({
  id: Type.Integer(), credits: Type.Integer(), amount: Type.Integer(), status: Type.Enum(['pending', 'done', 'failed']),
  provider_refund_id: Nullable(Type.String()), created_at: Iso, updated_at: Iso,
});
/** A credit ledger entry the payment caused (its grant, refunds, reversals). */
export const LedgerLine = Type.Object({
  id: Type.Integer(), user_id: Type.Integer(), amount: Type.Integer(), balance_after: Type.Integer(),
  reason: Type.String(), reference: Nullable(Type.String()), created_at: Iso,
});
/** What may be refunded now: with `within_refund_days` false, only with a stated reason. */
export const RefundState = Type.Object({
  refund_days: Type.Integer(),
  refund_until: Nullable(Iso),
  within_refund_days: Type.Boolean(),
  refundable_credits: Type.Integer(),
  refundable_amount: Type.Integer(),
  refundable_in_window: Type.Boolean(),
});
export const ConsolePaymentDetail = Type.Object({
  payment: ConsolePayment,
  events: Type.Array(PaymentEvent),
  refunds: Type.Array(PaymentRefund),
  ledger: Type.Array(LedgerLine),
  refund: RefundState,
});
export type ConsolePaymentDetail = Static<typeof ConsolePaymentDetail>;

export const CONSOLE_PAGE_SIZE = 50;

/** GET …/list: payments, newest first, 50 a page; `q` is a member id or an e-mail address. */
export const consolePayments = endpoint({
  method: 'GET', path: `${CONSOLE}/list`, access: 'admin',
  query: Type.Object({
    q: Type.Optional(Type.String({ maxLength: 254 })),
    status: Type.Optional(PaymentStatus),
    method: Type.Optional(PaymentMethod),
    country: Type.Optional(Country),
    domain: Type.Optional(DomainName),
    /** Made on or after this day / on or before this day (UTC). */
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  }, { additionalProperties: false }),
  response: Type.Object({ payments: Type.Array(ConsolePayment), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
});
export type ConsolePaymentsQuery = Static<typeof consolePayments.query>;

/** GET …/payment?id=: one payment with its history, refunds and ledger entries. */
export const consolePayment = endpoint({
  method: 'GET', path: `${CONSOLE}/payment`, access: 'admin',
  query: Type.Object({ id: Id }, { additionalProperties: false }),
  response: ConsolePaymentDetail,
});

/**
 * POST …/refund: the unused credits of a purchase back as money, as the member's own refund does.
 * Within refund_days; after it only with a `reason` (400 reason_required). Once: a second call
 * answers the refund made with `already: true`.
 */
export const consoleRefund = endpoint({
  method: 'POST', path: `${CONSOLE}/refund`, access: 'admin',
  body: Type.Object({ id: Id, reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false }),
  response: Type.Object({ detail: ConsolePaymentDetail, already: Type.Boolean() }),
});

/** POST …/chargeback: records a chargeback (the unused credits are taken back, direct debit blocked). */
export const consoleChargeback = endpoint({
  method: 'POST', path: `${CONSOLE}/chargeback`, access: 'admin',
  body: Type.Object({ id: Id, reason: Type.String({ minLength: 3, maxLength: 500 }) }, { additionalProperties: false }),
  response: Type.Object({ detail: ConsolePaymentDetail, changed: Type.Boolean() }),
});

/** One domain's takings on one day (UTC, by the day paid) in one currency, minor units. */
export const RevenueRow = Type.Object({
  day: Type.String(), domain: Type.String(), currency: Currency,
  payments: Type.Integer(), gross: Type.Integer(), refunded: Type.Integer(), charged_back: Type.Integer(), net: Type.Integer(),
});
export type RevenueRow = Static<typeof RevenueRow>;

/** GET …/revenue: takings per domain, day and currency (default: the last 30 days). */
export const consoleRevenue = endpoint({
  method: 'GET', path: `${CONSOLE}/revenue`, access: 'admin',
  query: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day), domain: Type.Optional(DomainName) }, { additionalProperties: false }),
  response: Type.Object({ from: Type.String(), to: Type.String(), rows: Type.Array(RevenueRow) }),
});

/** A domain's packages (per currency) and methods (per country), as stored for it. */
export const PaymentSettings = Type.Object({
  domains: Type.Array(Type.String()),
  domain: Type.String(),
  /** The credit_packages setting (its schema: plugins/payments/plugin.ts). */
  credit_packages: Type.Unknown(),
  /** The payment_methods setting. */
  payment_methods: Type.Unknown(),
  /** The settings this domain does not set itself (the default row's or the plugin's apply). */
  inherited: Type.Array(Type.Enum(['credit_packages', 'payment_methods'])),
  /** Which currency each country pays in (a country without packages in it pays in EUR). */
  country_currency: Type.Record(Type.String(), Currency),
});
export type PaymentSettings = Static<typeof PaymentSettings>;

/** GET …/settings?domain=: packages and methods of a domain ('default': of every domain without its own). */
export const consoleSettings = endpoint({
  method: 'GET', path: `${CONSOLE}/settings`, access: 'admin',
  query: Type.Object({ domain: Type.Optional(DomainName) }, { additionalProperties: false }),
  response: PaymentSettings,
});

/**
 * PUT …/settings: new packages and/or methods for a domain, checked against the settings' schemas
 * (400 invalid_setting naming the field); members see them at once.
 */
export const consoleSaveSettings = endpoint({
  method: 'PUT', path: `${CONSOLE}/settings`, access: 'admin',
  body: Type.Object({
    domain: DomainName,
    /** null: the domain no longer sets it (the default row's value applies). */
    credit_packages: Type.Optional(Type.Unknown()),
    payment_methods: Type.Optional(Type.Unknown()),
  }, { additionalProperties: false }),
  response: PaymentSettings,
});
