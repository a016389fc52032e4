import type { Agent } from 'node:http';
import Stripe from 'stripe';
import type { Currency, PaymentMethod } from '../../contract.ts';
import type { PaymentProvider, ProviderStatus } from '../provider.ts';

/*
 * Stripe through Checkout Sessions rather than bare PaymentIntents: our flow is "create → send the
 * payer to a URL → come back", and only a Checkout Session gives a hosted page URL for every method
 * (cards and Apple Pay included; a bare PaymentIntent needs card details collected by Stripe.js on
 * our page, and BLIK its code). The session creates the PaymentIntent underneath; we read its status,
 * refunds and disputes from there. Our provider id is the session id (cs_…).
 *
 * Direct debit is the exception: under our own SEPA mandate (/directdebit) there is no page to send
 * anyone to, so debit() creates and confirms a bare PaymentIntent with the IBAN, and the provider id
 * is that PaymentIntent's id (pi_…); fetch() and refund() take either kind of id.
 */

type CheckoutMethod = Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType;

/**
 * Our methods → Stripe Checkout payment method types. Apple Pay is a wallet on `card` (Checkout
 * shows it on Apple devices). Not covered: Vipps and Paysafecard (Stripe has none); bank transfer
 * (Stripe's needs a Customer and its own funding instructions). SEPA direct debit has no checkout
 * here: it goes through debit() (our own /directdebit mandate).
 */
const METHOD_TYPES: Partial<Record<PaymentMethod, CheckoutMethod>> = {
  creditcard: 'card', applepay: 'card', paypal: 'paypal', ideal: 'ideal', bancontact: 'bancontact', eps: 'eps',
  przelewy24: 'p24', blik: 'blik', mobilepay: 'mobilepay', swish: 'swish', twint: 'twint', satispay: 'satispay',
};

/** Checkout's own locales for our languages; anything else lets Stripe pick ('auto'). */
export function stripeLocale(locale: string): Stripe.Checkout.SessionCreateParams.Locale {
  const [language = '', region = ''] = locale.replace('_', '-').split('-');
  const lang = language.toLowerCase();
  if (lang === 'en' && region.toUpperCase() === 'GB') return 'en-GB';
  if (lang === 'no' || lang === 'nb') return 'nb';
  return ['en', 'de', 'fr', 'es', 'it', 'nl', 'da', 'sv', 'fi', 'pl'].includes(lang) ? lang : 'auto';
}

/** Events that change what fetch() answers; anything else is not ours to act on. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed', 'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed', 'checkout.session.expired',
]);
const PAYMENT_INTENT_EVENTS = new Set([
  'payment_intent.succeeded', 'payment_intent.processing', 'payment_intent.payment_failed', 'payment_intent.canceled',
]);
const CHARGE_EVENTS = new Set([
  'charge.refunded', 'charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed',
  'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated',
]);
/** Dispute states in which Stripe has taken the money back (inquiries take nothing; won returns it). */
const FUNDS_WITHDRAWN = new Set(['needs_response', 'under_review', 'lost']);

/** Checkout sessions may live 30 minutes at least; an unpaid checkout ends then, as Mollie's do. */
const SESSION_LIFETIME_S = 30 * 60;
/** Stripe's recommended webhook tolerance: older signed events are refused as replays. */
export const WEBHOOK_TOLERANCE_S = 300;

export interface StripeProviderOptions {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** Point the client elsewhere than api.stripe.com (a test stub). */
  host?: string;
  port?: number;
  protocol?: 'https' | 'http';
  /** An agent of one's own (a proxy, or a test stub's CA). */
  httpAgent?: Agent;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { secretKey, webhookSecret, host, port, protocol, httpAgent } = options;
  if (!secretKey) throw new Error('Stripe needs a secret key (STRIPE_SECRET_KEY)');
  // Without it no webhook could be verified, and every payment would wait for the polling job.
  if (!webhookSecret) throw new Error('Stripe needs the webhook signing secret (STRIPE_WEBHOOK_SECRET)');
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(host ? { host } : {}),
    ...(port ? { port } : {}),
    ...(protocol ? { protocol } : {}),
    ...(httpAgent ? { httpAgent } : {}),
  });

  /** Our provider id for a PaymentIntent: its checkout session's, or its own for our debits; null: not ours. */
  async function providerIdOfPaymentIntent(paymentIntent: string): Promise<string | null> {
    const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    if (sessions.data[0]) return sessions.data[0].id;
    // No session: one of our debits (they carry our reference), or someone else's payment.
    try {
      const intent = await stripe.paymentIntents.retrieve(paymentIntent);
      return intent.metadata?.reference ? intent.id : null;
    } catch (err) {
      if ((err as { code?: string }).code === 'resource_missing') return null;
      throw err; // Stripe unreachable: the webhook fails and Stripe sends it again
    }
  }

  /** Refunded and charged back so far on a PaymentIntent (its charge expanded). */
  async function refundsAndDisputes(intent: Stripe.PaymentIntent | null): Promise<{ refunded: number; chargedBack: number }> {
    const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    let chargedBack = 0;
    if (intent && charge?.disputed) {
      const disputes = await stripe.disputes.list({ payment_intent: intent.id, limit: 100 });
      chargedBack = disputes.data.filter((d) => FUNDS_WITHDRAWN.has(d.status)).reduce((sum, d) => sum + d.amount, 0);
    }
    return { refunded: charge?.amount_refunded ?? 0, chargedBack };
  }

  return {
    name: 'stripe',
    methods: [...Object.keys(METHOD_TYPES) as PaymentMethod[], 'directdebit'],

    async create(input) {
      const type = METHOD_TYPES[input.method];
      if (input.method === 'directdebit') throw new Error('Stripe takes directdebit through debit(), not a checkout');
      if (!type) throw new Error(`Stripe does not take method ${input.method}`);
      // Webhooks go to the endpoint configured at Stripe (with its signing secret), not per payment,
      // so input.webhookUrl has no place here; the README says which URL and events to configure.
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        allowed_payment_method_types: [type],
        line_items: [{
          quantity: 1,
          price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description } },
        }],
        client_reference_id: input.reference,
        metadata: { reference: input.reference },
        payment_intent_data: { description: input.description, metadata: { reference: input.reference } },
        // Back to the same page whatever happened there: it shows the status we fetch.
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
        locale: stripeLocale(input.locale),
        expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_S,
      }, { idempotencyKey: input.reference });
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} came without a URL`);
      return { providerId: session.id, redirectUrl: session.url };
    },

    async debit(input) {
      // SEPA debits are in euro only; refuse before Stripe creates anything.
      if (input.currency !== 'EUR') throw new Error(`Stripe debits SEPA in EUR only, not ${input.currency}`);
      // Created and confirmed in one call: the IBAN becomes a sepa_debit PaymentMethod, and the
      // mandate the member accepted on our site (when, from which IP and browser) goes with it.
      // Stripe keeps its own mandate reference; ours goes along in the metadata.
      const intent = await stripe.paymentIntents.create({
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        // The API version this client pins calls payment_method_types so (as Checkout's create does).
        allowed_payment_method_types: ['sepa_debit'],
        payment_method_data: {
          type: 'sepa_debit',
          sepa_debit: { iban: input.iban },
          billing_details: { name: input.holder, email: input.email },
        },
        mandate_data: {
          customer_acceptance: {
            type: 'online',
            accepted_at: Math.floor(input.signedAt.getTime() / 1000),
            online: { ip_address: input.ip, user_agent: input.userAgent },
          },
        },
        confirm: true,
        description: input.description,
        metadata: { reference: input.reference, mandate_reference: input.mandateReference },
      }, { idempotencyKey: input.reference });
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
        throw new Error(`Stripe refused the debit ${intent.id}: ${intent.last_payment_error?.message ?? intent.status}`);
      }
      return { providerId: intent.id };
    },

    async fetch(providerId) {
      if (isPaymentIntentId(providerId)) {
        const intent = await stripe.paymentIntents.retrieve(providerId, { expand: ['latest_charge'] });
        return {
          status: debitStatus(intent),
          amount: intent.amount,
          currency: intent.currency.toUpperCase() as Currency,
          ...await refundsAndDisputes(intent),
        };
      }
      const session = await stripe.checkout.sessions.retrieve(providerId, { expand: ['payment_intent.latest_charge'] });
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      return {
        status: sessionStatus(session, intent),
        amount: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase() as Currency,
        ...await refundsAndDisputes(intent),
      };
    },

    async refund(providerId, amount, currency) {
      let intent: string | undefined;
      let paidIn: string | null;
      if (isPaymentIntentId(providerId)) {
        const pi = await stripe.paymentIntents.retrieve(providerId);
        [intent, paidIn] = [pi.id, pi.currency];
      } else {
        const session = await stripe.checkout.sessions.retrieve(providerId);
        intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        paidIn = session.currency;
      }
      if (!intent) throw new Error(`Stripe checkout session ${providerId} has no payment to refund`);
      if (paidIn?.toUpperCase() !== currency) throw new Error(`refund in ${currency} of a ${paidIn} payment`);
      const refund = await stripe.refunds.create({ payment_intent: intent, amount });
      return { refundId: refund.id };
    },

    async parseWebhook({ headers, rawBody }) {
      const signature = header(headers, 'stripe-signature');
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_S);
      } catch {
        return null; // bad or missing signature, or older than the tolerance (a replay)
      }
      // The event's object (a session, payment intent or charge, by the event's type), read field by field.
      const object: object = event.data.object;
      const id = 'id' in object && typeof object.id === 'string' ? object.id : undefined;
      const paymentIntent = 'payment_intent' in object ? object.payment_intent : undefined;
      if (SESSION_EVENTS.has(event.type)) return id ? { providerId: id } : null;
      const intent = PAYMENT_INTENT_EVENTS.has(event.type) ? id
        : CHARGE_EVENTS.has(event.type) ? (typeof paymentIntent === 'string' ? paymentIntent : idOf(paymentIntent))
        : undefined;
      if (!intent) return null;
      const providerId = await providerIdOfPaymentIntent(intent);
      return providerId ? { providerId } : null;
    },
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Our debits' provider ids are PaymentIntent ids; checkouts' are session ids (cs_…). */
const isPaymentIntentId = (id: string) => id.startsWith('pi_');

/** A debit's PaymentIntent (confirmed at creation) as one of our states. */
function debitStatus(intent: Stripe.PaymentIntent): ProviderStatus['status'] {
  switch (intent.status) {
    case 'succeeded': return 'paid';
    // Confirmed already, so back at requires_payment_method means the bank refused the debit.
    case 'requires_payment_method': return 'failed';
    case 'canceled': return 'canceled';
    // processing: submitted to the bank; the others do not occur for a confirmed debit, money not ours yet.
    default: return 'pending';
  }
}

/** A session and its PaymentIntent, as one of our states. */
function sessionStatus(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null): ProviderStatus['status'] {
  if (intent?.status === 'succeeded' || session.payment_status === 'paid') return 'paid';
  if (session.status === 'expired') return 'expired';
  if (intent?.status === 'canceled') return 'canceled';
  if (intent?.status === 'processing') return 'pending';
  if (session.status === 'complete') {
    // Completed but unpaid: an async method (e.g. a bank redirect) that failed after checkout.
    return intent?.status === 'requires_payment_method' ? 'failed' : 'pending';
  }
  return 'open';
}

/** The id of an expanded Stripe object (`{ id: 'pi_…', … }`), if it is one. */
function idOf(v: unknown): string | undefined {
  return typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'string' ? v.id : undefined;
}
