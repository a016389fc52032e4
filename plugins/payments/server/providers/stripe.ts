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
 */

type CheckoutMethod = Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType;

/**
 * Our methods → Stripe Checkout payment method types. Apple Pay is a wallet on `card` (Checkout
 * shows it on Apple devices). Not covered: Vipps and Paysafecard (Stripe has none); bank transfer
 * (Stripe's needs a Customer and its own funding instructions) and SEPA direct debit (our own
 * /directdebit flow) come with that later work.
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

  async function sessionOfPaymentIntent(paymentIntent: string): Promise<string | null> {
    const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    return sessions.data[0]?.id ?? null;
  }

  return {
    name: 'stripe',
    methods: Object.keys(METHOD_TYPES) as PaymentMethod[],

    async create(input) {
      const type = METHOD_TYPES[input.method];
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

    async fetch(providerId) {
      const session = await stripe.checkout.sessions.retrieve(providerId, { expand: ['payment_intent.latest_charge'] });
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      let chargedBack = 0;
      if (intent && charge?.disputed) {
        const disputes = await stripe.disputes.list({ payment_intent: intent.id, limit: 100 });
        chargedBack = disputes.data.filter((d) => FUNDS_WITHDRAWN.has(d.status)).reduce((sum, d) => sum + d.amount, 0);
      }
      return {
        status: sessionStatus(session, intent),
        amount: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase() as Currency,
        refunded: charge?.amount_refunded ?? 0,
        chargedBack,
      };
    },

    async refund(providerId, amount, currency) {
      const session = await stripe.checkout.sessions.retrieve(providerId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe checkout session ${providerId} has no payment to refund`);
      if (session.currency?.toUpperCase() !== currency) throw new Error(`refund in ${currency} of a ${session.currency} payment`);
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
      const object = event.data.object as unknown as { id: string; payment_intent?: string | { id: string } | null };
      if (SESSION_EVENTS.has(event.type)) return { providerId: object.id };
      const intent = PAYMENT_INTENT_EVENTS.has(event.type) ? object.id
        : CHARGE_EVENTS.has(event.type) ? (typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id)
        : undefined;
      if (!intent) return null;
      const session = await sessionOfPaymentIntent(intent);
      return session ? { providerId: session } : null;
    },
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
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
