// The named export: the package is CommonJS without an "exports" map, so under Node's own ESM loader
// (the server runs `node --import tsx`) its default import is the whole module object, not the
// function (vitest's interop hid that; the cluster test found it).
import {
  createMollieClient, Locale, MandateMethod, PaymentMethod as MollieMethod, PaymentStatus as MollieStatus, SequenceType, type Payment as MolliePayment,
} from '@mollie/api-client';
import type { Currency, PaymentMethod } from '../../contract.ts';
import type { PaymentProvider, ProviderStatus } from '../provider.ts';

/**
 * Our methods → Mollie's method ids for a hosted checkout (all present in @mollie/api-client 4.6's
 * PaymentMethod enum). `directdebit` has no checkout here: it goes through debit() under our own
 * mandate (customer → mandate → recurring payment), with the name and IBAN /directdebit collects.
 */
const METHOD_IDS: Partial<Record<PaymentMethod, MollieMethod>> = {
  creditcard: MollieMethod.creditcard,
  applepay: MollieMethod.applepay,
  paypal: MollieMethod.paypal,
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  eps: MollieMethod.eps,
  przelewy24: MollieMethod.przelewy24,
  blik: MollieMethod.blik,
  mobilepay: MollieMethod.mobilepay,
  swish: MollieMethod.swish,
  vipps: MollieMethod.vipps,
  twint: MollieMethod.twint,
  satispay: MollieMethod.satispay,
  paysafecard: MollieMethod.paysafecard,
  banktransfer: MollieMethod.banktransfer,
};

/** Our languages' Mollie checkout locale when the caller gives no (supported) region. */
const LANGUAGE_LOCALE: Record<string, Locale> = {
  en: Locale.en_GB, de: Locale.de_DE, fr: Locale.fr_FR, es: Locale.es_ES, it: Locale.it_IT, nl: Locale.nl_NL,
  da: Locale.da_DK, no: Locale.nb_NO, nb: Locale.nb_NO, sv: Locale.sv_SE, fi: Locale.fi_FI, pl: Locale.pl_PL,
};
const MOLLIE_LOCALES = new Set<string>(Object.values(Locale));

/** 'nl-BE' → nl_BE when Mollie knows it, else the language's default ('de-IT' → de_DE); unknown → Mollie decides. */
export function mollieLocale(locale: string): Locale | undefined {
  const [language = '', region] = locale.replace('_', '-').split('-');
  const lang = language.toLowerCase();
  const exact = region ? `${lang === 'no' ? 'nb' : lang}_${region.toUpperCase()}` : '';
  if (MOLLIE_LOCALES.has(exact)) return exact as Locale;
  return LANGUAGE_LOCALE[lang];
}

/**
 * Minor units → Mollie's amount string. Every currency we take (GBP, EUR, CHF, PLN, DKK, NOK, SEK)
 * has 2 decimals, so this is integer formatting, never float arithmetic (no 0.1 + 0.2 surprises).
 */
export function toMollieAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`amount must be a non-negative integer of minor units, got ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Mollie's "10.00" → 1000; throws on anything that is not a 2-decimal amount. */
export function fromMollieAmount(value: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`unexpected Mollie amount ${JSON.stringify(value)}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

const STATUS: Record<string, ProviderStatus['status']> = {
  [MollieStatus.open]: 'open',
  [MollieStatus.pending]: 'pending',
  // Authorised but not captured (cards with manual capture, pay-later): money not ours yet.
  [MollieStatus.authorized]: 'pending',
  [MollieStatus.paid]: 'paid',
  [MollieStatus.failed]: 'failed',
  [MollieStatus.canceled]: 'canceled',
  [MollieStatus.expired]: 'expired',
};

/** Mollie payment ids: `tr_` and an alphanumeric token. */
const PAYMENT_ID = /^tr_[A-Za-z0-9]{4,64}$/;

export interface MollieProviderOptions {
  apiKey: string;
  /** Defaults to https://api.mollie.com:443/v2/; only https works (the client pins its CA bundle). */
  apiEndpoint?: string;
}

export function createMollieProvider({ apiKey, apiEndpoint }: MollieProviderOptions): PaymentProvider {
  if (!apiKey) throw new Error('Mollie needs an API key (MOLLIE_API_KEY)');
  const mollie = createMollieClient(apiEndpoint ? { apiKey, apiEndpoint } : { apiKey });

  return {
    name: 'mollie',
    methods: [...Object.keys(METHOD_IDS) as PaymentMethod[], 'directdebit'],

    async create(input) {
      const method = METHOD_IDS[input.method];
      if (input.method === 'directdebit') throw new Error('Mollie takes directdebit through debit(), not a checkout');
      if (!method) throw new Error(`Mollie does not take method ${input.method}`);
      const locale = mollieLocale(input.locale);
      const payment = await mollie.payments.create({
        amount: { currency: input.currency, value: toMollieAmount(input.amount) },
        description: input.description,
        redirectUrl: input.returnUrl,
        webhookUrl: input.webhookUrl,
        method,
        metadata: { reference: input.reference },
        ...(locale ? { locale } : {}),
        // A retried create for the same payment of ours gets the same Mollie payment back.
        idempotencyKey: input.reference,
      });
      const redirectUrl = payment.getCheckoutUrl();
      if (!redirectUrl) throw new Error(`Mollie payment ${payment.id} came without a checkout URL (status ${payment.status})`);
      return { providerId: payment.id, redirectUrl };
    },

    async debit(input) {
      // Mollie collects SEPA debits in euro only; refuse before creating a customer for nothing.
      if (input.currency !== 'EUR') throw new Error(`Mollie debits SEPA in EUR only, not ${input.currency}`);
      const locale = mollieLocale(input.locale);
      // A one-off debit under our own mandate is, at Mollie, a "recurring" payment on a customer's
      // mandate: one customer and one mandate per debit (the mandate is for this debit only). The
      // idempotency keys make a retried debit reuse what an earlier attempt created.
      const customer = await mollie.customers.create({
        name: input.holder,
        email: input.email,
        metadata: { reference: input.reference },
        ...(locale ? { locale } : {}),
        idempotencyKey: `${input.reference}-customer`,
      });
      const mandate = await mollie.customerMandates.create({
        customerId: customer.id,
        method: MandateMethod.directdebit,
        consumerName: input.holder,
        consumerAccount: input.iban,
        // The UTC date is never later than Mollie's (Amsterdam) date: Mollie refuses a future signature.
        signatureDate: input.signedAt.toISOString().slice(0, 10),
        mandateReference: input.mandateReference,
        idempotencyKey: `${input.reference}-mandate`,
      });
      const payment = await mollie.payments.create({
        amount: { currency: input.currency, value: toMollieAmount(input.amount) },
        description: input.description,
        webhookUrl: input.webhookUrl,
        sequenceType: SequenceType.recurring,
        customerId: customer.id,
        mandateId: mandate.id,
        metadata: { reference: input.reference },
        idempotencyKey: input.reference,
      });
      return { providerId: payment.id };
    },

    async fetch(providerId) {
      return toStatus(await mollie.payments.get(providerId));
    },

    async refund(providerId, amount, currency) {
      const refund = await mollie.paymentRefunds.create({
        paymentId: providerId,
        amount: { currency, value: toMollieAmount(amount) },
      });
      return { refundId: refund.id };
    },

    async parseWebhook({ rawBody }) {
      // Mollie POSTs `id=tr_…` form-encoded and signs nothing: the id is only a hint, the caller fetches.
      if (rawBody.length > 1024) return null;
      const id = new URLSearchParams(rawBody.toString('utf8')).get('id');
      return id && PAYMENT_ID.test(id) ? { providerId: id } : null;
    },
  };
}

function toStatus(payment: MolliePayment): ProviderStatus {
  const status = STATUS[payment.status];
  if (!status) throw new Error(`unknown Mollie status ${payment.status} for ${payment.id}`);
  return {
    status,
    amount: fromMollieAmount(payment.amount.value),
    currency: payment.amount.currency as Currency,
    refunded: payment.amountRefunded ? fromMollieAmount(payment.amountRefunded.value) : 0,
    chargedBack: payment.amountChargedBack ? fromMollieAmount(payment.amountChargedBack.value) : 0,
  };
}
