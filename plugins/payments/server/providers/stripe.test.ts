// Contract test: our Stripe adapter against a local HTTPS server answering as Stripe's API is
// documented (Checkout Sessions, PaymentIntents, Charges, Disputes, Refunds), through the official
// `stripe` client, and its webhook signature check. No database.
import { createHmac } from 'node:crypto';
import { Agent } from 'node:https';
import { isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpsStub, type HttpsStub, type StubRequest } from './https-stub.ts';
import { createStripeProvider, stripeLocale } from './stripe.ts';
import type { DebitInput, PaymentProvider } from '../provider.ts';

const SECRET_KEY = 'sk_test_51Hc0ntractT3st';
const WEBHOOK_SECRET = 'whsec_contracttestsecret';

interface StubIntent {
  id: string;
  status: string;
  amount_refunded: number;
  disputes: { amount: number; status: string }[];
}
/** What a PaymentIntent hangs off: a checkout session, or (a debit) the create request itself. */
interface StubPayment {
  amount_total: number;
  currency: string;
  form: URLSearchParams;
  intent: StubIntent | null;
}
interface StubSession extends StubPayment {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
}
const sessions = new Map<string, StubSession>();
/** Bare PaymentIntents (our debits), by id. */
const debits = new Map<string, StubPayment & { intent: StubIntent }>();
let nextId = 0;
/** A stub-only IBAN (valid) whose debit Stripe declines right at confirmation. */
const DECLINED_AT_ONCE = 'DE68370400440532099999';

const paymentOf = (pi: string | null): StubPayment | undefined =>
  (pi ? debits.get(pi) : undefined) ?? [...sessions.values()].find((s) => s.intent?.id === pi);

function stripeError(status: number, message: string, code?: string) {
  return { status, body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } } };
}

function chargeJson(session: StubPayment, intent: StubIntent) {
  return {
    id: `ch_${intent.id.slice(3)}`, object: 'charge', amount: session.amount_total, amount_captured: session.amount_total,
    amount_refunded: intent.amount_refunded, currency: session.currency, disputed: intent.disputes.length > 0,
    paid: true, refunded: intent.amount_refunded === session.amount_total, status: 'succeeded', payment_intent: intent.id,
  };
}
function intentJson(session: StubPayment, intent: StubIntent, expandCharge: boolean) {
  const f = session.form;
  const metadata = Object.fromEntries([...f.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
  return {
    id: intent.id, object: 'payment_intent', amount: session.amount_total,
    amount_received: intent.status === 'succeeded' ? session.amount_total : 0, currency: session.currency,
    status: intent.status, metadata, description: f.get('description'),
    payment_method_types: [f.get('allowed_payment_method_types[0]') ?? 'card'],
    last_payment_error: intent.status === 'requires_payment_method' && f.has('confirm')
      ? { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: 'The bank declined this debit.' } : null,
    latest_charge: intent.status === 'succeeded' ? (expandCharge ? chargeJson(session, intent) : `ch_${intent.id.slice(3)}`) : null,
  };
}
function sessionJson(session: StubSession, expand: string[]) {
  const f = session.form;
  const intent = session.intent;
  return {
    id: session.id, object: 'checkout.session', mode: 'payment', livemode: false,
    amount_subtotal: session.amount_total, amount_total: session.amount_total, currency: session.currency,
    client_reference_id: f.get('client_reference_id'), metadata: { reference: f.get('metadata[reference]') },
    locale: f.get('locale'), expires_at: Number(f.get('expires_at')),
    payment_method_types: [f.get('allowed_payment_method_types[0]')],
    payment_intent: !intent ? null
      : expand.includes('payment_intent.latest_charge') || expand.includes('payment_intent')
        ? intentJson(session, intent, expand.includes('payment_intent.latest_charge'))
        : intent.id,
    payment_status: session.payment_status, status: session.status,
    success_url: f.get('success_url'), cancel_url: f.get('cancel_url'),
    url: session.status === 'open' ? `https://checkout.stripe.com/c/pay/${session.id}` : null,
  };
}
const list = (url: string, data: unknown[]) => ({ body: { object: 'list', data, has_more: false, url } });

/** Stripe's API as documented, for the parts the adapter uses. */
function stripeApi(req: StubRequest) {
  if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
    return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
  }
  const expand = [...req.query.entries()].filter(([k]) => k.startsWith('expand[')).map(([, v]) => v);
  if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
    const form = new URLSearchParams(req.body);
    const id = `cs_test_a1${++nextId}`;
    const session: StubSession = {
      id, status: 'open', payment_status: 'unpaid', form, intent: null,
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]')),
      currency: form.get('line_items[0][price_data][currency]') ?? '',
    };
    sessions.set(id, session);
    return { body: sessionJson(session, []) };
  }
  if (req.method === 'GET' && req.path === '/v1/checkout/sessions') {
    const pi = req.query.get('payment_intent');
    return list('/v1/checkout/sessions', [...sessions.values()].filter((s) => s.intent?.id === pi).map((s) => sessionJson(s, [])));
  }
  const get = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(req.path);
  if (req.method === 'GET' && get) {
    const session = sessions.get(get[1]!);
    return session ? { body: sessionJson(session, expand) } : stripeError(404, `No such checkout.session: '${get[1]}'`, 'resource_missing');
  }
  if (req.method === 'POST' && req.path === '/v1/payment_intents') {
    const form = new URLSearchParams(req.body);
    const iban = form.get('payment_method_data[sepa_debit][iban]') ?? '';
    if (!isValidIBAN(iban)) return stripeError(400, 'The IBAN you entered is invalid.', 'invalid_bank_account_iban');
    const id = `pi_3Debit${++nextId}`;
    // A confirmed SEPA debit is processing until the bank answers (Stripe's test IBANs then move it on).
    const debit = {
      amount_total: Number(form.get('amount')), currency: form.get('currency') ?? '', form,
      intent: { id, status: iban === DECLINED_AT_ONCE ? 'requires_payment_method' : 'processing', amount_refunded: 0, disputes: [] },
    };
    debits.set(id, debit);
    return { body: intentJson(debit, debit.intent, false) };
  }
  const intent = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(req.path);
  if (req.method === 'GET' && intent) {
    const payment = paymentOf(intent[1]!);
    return payment ? { body: intentJson(payment, payment.intent!, expand.includes('latest_charge')) }
      : stripeError(404, `No such payment_intent: '${intent[1]}'`, 'resource_missing');
  }
  if (req.method === 'GET' && req.path === '/v1/disputes') {
    const pi = req.query.get('payment_intent');
    const session = paymentOf(pi);
    return list('/v1/disputes', (session?.intent?.disputes ?? []).map((d, i) => ({
      id: `du_${i}${pi}`, object: 'dispute', amount: d.amount, currency: session!.currency, status: d.status,
      charge: `ch_${pi!.slice(3)}`, payment_intent: pi, reason: 'fraudulent',
    })));
  }
  if (req.method === 'POST' && req.path === '/v1/refunds') {
    const form = new URLSearchParams(req.body);
    const session = paymentOf(form.get('payment_intent'));
    if (!session || session.intent!.status !== 'succeeded') return stripeError(400, 'This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable');
    return { body: { id: 're_3Contract', object: 'refund', amount: Number(form.get('amount')), currency: session.currency, payment_intent: session.intent!.id, status: 'succeeded' } };
  }
  return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path})`);
}

/** Stripe's documented signature scheme: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
function sign(payload: string, timestamp = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}
function event(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_${type.replace(/\W/g, '')}`, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000),
    data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
  });
}

const input = {
  reference: 'payment-77', amount: 1999, currency: 'EUR' as const, method: 'ideal' as const,
  description: '100 credits', returnUrl: 'https://flirt.example/transactions/77',
  webhookUrl: 'https://flirt.example/api/payments-webhook.php?provider=stripe', locale: 'nl',
};

let stub: HttpsStub;
let provider: PaymentProvider;

beforeAll(async () => {
  stub = await startHttpsStub(stripeApi);
  // The stripe client takes an agent, so it trusts exactly the stub's certificate (TLS checks stay on).
  provider = createStripeProvider({
    secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: stub.port, protocol: 'https',
    httpAgent: new Agent({ ca: stub.cert }),
  });
});
afterAll(async () => {
  await stub.close();
});

async function paidSession(amount = 1999, currency: 'EUR' | 'PLN' = 'EUR') {
  const { providerId } = await provider.create({ ...input, reference: `ref-${++nextId}`, amount, currency });
  Object.assign(sessions.get(providerId)!, {
    status: 'complete', payment_status: 'paid', intent: { id: `pi_3Contract${nextId}`, status: 'succeeded', amount_refunded: 0, disputes: [] },
  });
  return providerId;
}

describe('Stripe provider', () => {
  it('refuses to start without its secret key or webhook signing secret', () => {
    expect(() => createStripeProvider({ secretKey: '', webhookSecret: WEBHOOK_SECRET })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: '' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('lists the methods Stripe Checkout covers, and direct debit', () => {
    expect(provider.name).toBe('stripe');
    expect([...provider.methods].sort()).toEqual([
      'applepay', 'bancontact', 'blik', 'creditcard', 'directdebit', 'eps', 'ideal', 'mobilepay', 'paypal', 'przelewy24', 'satispay', 'swish', 'twint',
    ]);
    expect(provider.debit).toBeTypeOf('function');
  });

  it('maps our locales onto Checkout locales', () => {
    expect(stripeLocale('nl')).toBe('nl');
    expect(stripeLocale('no')).toBe('nb');
    expect(stripeLocale('en-GB')).toBe('en-GB');
    expect(stripeLocale('de-AT')).toBe('de');
    expect(stripeLocale('xx')).toBe('auto');
  });

  it('creates a Checkout Session with amount, currency, method, URLs, reference and our idempotency key', async () => {
    stub.requests.length = 0;
    const before = Math.floor(Date.now() / 1000);
    const created = await provider.create(input);
    expect(created.providerId).toMatch(/^cs_test_/);
    expect(created.redirectUrl).toBe(`https://checkout.stripe.com/c/pay/${created.providerId}`);
    const [sent] = stub.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/checkout/sessions');
    expect(sent!.headers['idempotency-key']).toBe('payment-77');
    const form = Object.fromEntries(new URLSearchParams(sent!.body));
    const expiresAt = Number(form.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - before).toBeLessThan(31 * 60);
    expect(form).toEqual({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'ideal',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][product_data][name]': '100 credits',
      client_reference_id: 'payment-77',
      'metadata[reference]': 'payment-77',
      'payment_intent_data[description]': '100 credits',
      'payment_intent_data[metadata][reference]': 'payment-77',
      success_url: 'https://flirt.example/transactions/77',
      cancel_url: 'https://flirt.example/transactions/77',
      locale: 'nl',
      expires_at: form.expires_at,
    });
  });

  it('sends our methods as Stripe payment method types, amounts in minor units', async () => {
    for (const [method, type, currency, amount] of [
      ['przelewy24', 'p24', 'PLN', 4900], ['blik', 'blik', 'PLN', 2000], ['creditcard', 'card', 'GBP', 1499],
      ['applepay', 'card', 'EUR', 999], ['swish', 'swish', 'SEK', 12050], ['twint', 'twint', 'CHF', 1000],
      ['mobilepay', 'mobilepay', 'DKK', 7495],
    ] as const) {
      stub.requests.length = 0;
      await provider.create({ ...input, reference: `ref-${method}`, method, currency, amount });
      const form = new URLSearchParams(stub.requests[0]!.body);
      expect(form.get('allowed_payment_method_types[0]')).toBe(type);
      expect(form.get('line_items[0][price_data][currency]')).toBe(currency.toLowerCase());
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(amount));
    }
  });

  it('refuses a method Stripe does not cover before calling it', async () => {
    stub.requests.length = 0;
    await expect(provider.create({ ...input, method: 'paysafecard' })).rejects.toThrow(/paysafecard/);
    await expect(provider.create({ ...input, method: 'vipps' })).rejects.toThrow(/vipps/);
    await expect(provider.create({ ...input, method: 'directdebit' })).rejects.toThrow(/directdebit.*debit\(\)/);
    expect(stub.requests).toHaveLength(0);
  });

  it('maps sessions and their PaymentIntents onto our states', async () => {
    const { providerId } = await provider.create(input);
    const session = sessions.get(providerId)!;
    const intent = (status: string): StubIntent => ({ id: `pi_3State${status}`, status, amount_refunded: 0, disputes: [] });
    for (const [state, ours] of [
      [{ status: 'open', payment_status: 'unpaid', intent: null }, 'open'],
      [{ status: 'open', payment_status: 'unpaid', intent: intent('requires_payment_method') }, 'open'],
      [{ status: 'complete', payment_status: 'unpaid', intent: intent('processing') }, 'pending'],
      [{ status: 'complete', payment_status: 'paid', intent: intent('succeeded') }, 'paid'],
      [{ status: 'complete', payment_status: 'unpaid', intent: intent('requires_payment_method') }, 'failed'],
      [{ status: 'open', payment_status: 'unpaid', intent: intent('canceled') }, 'canceled'],
      [{ status: 'expired', payment_status: 'unpaid', intent: null }, 'expired'],
    ] as const) {
      Object.assign(session, state);
      expect(await provider.fetch(providerId), `${state.status}/${state.intent?.status}`)
        .toEqual({ status: ours, amount: 1999, currency: 'EUR', refunded: 0, chargedBack: 0 });
    }
    const fetched = stub.requests.at(-1)!;
    expect(fetched.path).toBe(`/v1/checkout/sessions/${providerId}`);
    expect(fetched.query.get('expand[0]')).toBe('payment_intent.latest_charge');
  });

  it('reports refunds, and disputes whose money Stripe has taken back', async () => {
    const providerId = await paidSession(4900, 'PLN');
    const intent = sessions.get(providerId)!.intent!;
    intent.amount_refunded = 1050;
    expect(await provider.fetch(providerId)).toEqual({ status: 'paid', amount: 4900, currency: 'PLN', refunded: 1050, chargedBack: 0 });
    intent.disputes = [{ amount: 3850, status: 'needs_response' }, { amount: 500, status: 'warning_needs_response' }];
    expect((await provider.fetch(providerId)).chargedBack).toBe(3850);
    intent.disputes = [{ amount: 3850, status: 'lost' }];
    expect((await provider.fetch(providerId)).chargedBack).toBe(3850);
    intent.disputes = [{ amount: 3850, status: 'won' }];
    expect((await provider.fetch(providerId)).chargedBack).toBe(0);
  });

  it('refunds the session’s PaymentIntent', async () => {
    const providerId = await paidSession();
    stub.requests.length = 0;
    expect(await provider.refund(providerId, 1250, 'EUR')).toEqual({ refundId: 're_3Contract' });
    const sent = stub.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/refunds');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({ payment_intent: sessions.get(providerId)!.intent!.id, amount: '1250' });
    await expect(provider.refund(providerId, 1250, 'PLN')).rejects.toThrow(/PLN/);
  });

  it('passes Stripe errors on as rejections', async () => {
    const { providerId } = await provider.create(input);
    await expect(provider.refund(providerId, 100, 'EUR')).rejects.toThrow(/no payment to refund/);
    await expect(provider.fetch('cs_test_missing')).rejects.toThrow(/No such checkout.session/);
  });

  describe('direct debit under our own mandate', () => {
    const debitInput: DebitInput = {
      reference: 'payment-78', amount: 2999, currency: 'EUR', description: '300 credits',
      webhookUrl: 'https://flirt.example/api/payments-webhook.php?provider=stripe', locale: 'de',
      holder: 'Erika Mustermann', iban: 'DE89370400440532013000', mandateReference: 'FLIRT-78-AB12',
      signedAt: new Date('2026-11-24T10:00:00Z'), email: 'erika@example.com', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    };
    const debit = async (extra: Partial<DebitInput> = {}) =>
      (await provider.debit!({ ...debitInput, reference: `debit-${++nextId}`, ...extra })).providerId;

    it('creates and confirms a sepa_debit PaymentIntent with the IBAN, the holder and the accepted mandate', async () => {
      stub.requests.length = 0;
      const { providerId } = await provider.debit!(debitInput);
      expect(providerId).toMatch(/^pi_/);
      expect(stub.requests).toHaveLength(1);
      const [sent] = stub.requests;
      expect([sent!.method, sent!.path]).toEqual(['POST', '/v1/payment_intents']);
      expect(sent!.headers['idempotency-key']).toBe('payment-78');
      expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({
        amount: '2999',
        currency: 'eur',
        'allowed_payment_method_types[0]': 'sepa_debit',
        'payment_method_data[type]': 'sepa_debit',
        'payment_method_data[sepa_debit][iban]': 'DE89370400440532013000',
        'payment_method_data[billing_details][name]': 'Erika Mustermann',
        'payment_method_data[billing_details][email]': 'erika@example.com',
        'mandate_data[customer_acceptance][type]': 'online',
        'mandate_data[customer_acceptance][accepted_at]': String(Date.UTC(2026, 10, 24, 10) / 1000),
        'mandate_data[customer_acceptance][online][ip_address]': '203.0.113.7',
        'mandate_data[customer_acceptance][online][user_agent]': 'Mozilla/5.0 (X11; Linux x86_64)',
        confirm: 'true',
        description: '300 credits',
        'metadata[reference]': 'payment-78',
        'metadata[mandate_reference]': 'FLIRT-78-AB12',
      });
      expect(await provider.fetch(providerId)).toEqual({ status: 'pending', amount: 2999, currency: 'EUR', refunded: 0, chargedBack: 0 });
      const fetched = stub.requests.at(-1)!;
      expect(fetched.path).toBe(`/v1/payment_intents/${providerId}`);
      expect(fetched.query.get('expand[0]')).toBe('latest_charge');
    });

    it('maps the debit’s PaymentIntent onto our states', async () => {
      const providerId = await debit();
      const intent = debits.get(providerId)!.intent;
      for (const [status, ours] of [
        ['processing', 'pending'], ['succeeded', 'paid'], ['requires_payment_method', 'failed'], ['canceled', 'canceled'],
      ] as const) {
        intent.status = status;
        expect(await provider.fetch(providerId), status).toEqual({ status: ours, amount: 2999, currency: 'EUR', refunded: 0, chargedBack: 0 });
      }
    });

    it('reports refunds and chargebacks (disputes) of a debit, and refunds it', async () => {
      const providerId = await debit();
      const intent = debits.get(providerId)!.intent;
      intent.status = 'succeeded';
      stub.requests.length = 0;
      expect(await provider.refund(providerId, 1000, 'EUR')).toEqual({ refundId: 're_3Contract' });
      expect(Object.fromEntries(new URLSearchParams(stub.requests.at(-1)!.body))).toEqual({ payment_intent: providerId, amount: '1000' });
      await expect(provider.refund(providerId, 1000, 'PLN')).rejects.toThrow(/PLN/);
      intent.amount_refunded = 1000;
      expect((await provider.fetch(providerId)).refunded).toBe(1000);
      // A SEPA chargeback is a dispute Stripe has lost at once.
      intent.disputes = [{ amount: 1999, status: 'lost' }];
      expect(await provider.fetch(providerId)).toEqual({ status: 'paid', amount: 2999, currency: 'EUR', refunded: 1000, chargedBack: 1999 });
    });

    it('throws when Stripe declines the debit or the IBAN, and refuses other currencies before calling', async () => {
      await expect(debit({ iban: DECLINED_AT_ONCE })).rejects.toThrow(/refused the debit pi_\w+: The bank declined this debit/);
      await expect(debit({ iban: 'DE89370400440532013001' })).rejects.toThrow(/IBAN you entered is invalid/);
      stub.requests.length = 0;
      await expect(debit({ currency: 'PLN' })).rejects.toThrow(/EUR/);
      expect(stub.requests).toHaveLength(0);
    });

    it('names the debit in its PaymentIntent, charge and dispute webhooks', async () => {
      const providerId = await debit();
      const parse = (payload: string) => provider.parseWebhook({ headers: { 'stripe-signature': sign(payload) }, rawBody: Buffer.from(payload) });
      for (const payload of [
        event('payment_intent.succeeded', { id: providerId, object: 'payment_intent' }),
        event('payment_intent.payment_failed', { id: providerId, object: 'payment_intent' }),
        event('charge.refunded', { id: 'ch_9', object: 'charge', payment_intent: providerId }),
        event('charge.dispute.created', { id: 'du_9', object: 'dispute', payment_intent: providerId }),
      ]) {
        expect(await parse(payload)).toEqual({ providerId });
      }
      // Someone else's PaymentIntent on the same account (no reference of ours): not ours.
      debits.set('pi_3Foreign', { amount_total: 500, currency: 'eur', form: new URLSearchParams(), intent: { id: 'pi_3Foreign', status: 'succeeded', amount_refunded: 0, disputes: [] } });
      const foreign = event('payment_intent.succeeded', { id: 'pi_3Foreign', object: 'payment_intent' });
      expect(await parse(foreign)).toBeNull();
    });
  });

  describe('webhooks', () => {
    const parse = (payload: string, signature?: string) =>
      provider.parseWebhook({ headers: signature === undefined ? {} : { 'stripe-signature': signature }, rawBody: Buffer.from(payload) });

    it('accepts a signed checkout event and names its session', async () => {
      const payload = event('checkout.session.completed', { id: 'cs_test_signed', object: 'checkout.session' });
      expect(await parse(payload, sign(payload))).toEqual({ providerId: 'cs_test_signed' });
      for (const type of ['checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired']) {
        const other = event(type, { id: 'cs_test_other', object: 'checkout.session' });
        expect(await parse(other, sign(other))).toEqual({ providerId: 'cs_test_other' });
      }
    });

    it('finds the session of a refund, dispute or PaymentIntent event', async () => {
      const providerId = await paidSession();
      const pi = sessions.get(providerId)!.intent!.id;
      for (const payload of [
        event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: pi }),
        event('charge.dispute.created', { id: 'du_1', object: 'dispute', payment_intent: pi }),
        event('charge.dispute.closed', { id: 'du_1', object: 'dispute', payment_intent: pi }),
        event('payment_intent.payment_failed', { id: pi, object: 'payment_intent' }),
      ]) {
        expect(await parse(payload, sign(payload))).toEqual({ providerId });
      }
      const stranger = event('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: 'pi_notours' });
      expect(await parse(stranger, sign(stranger))).toBeNull();
    });

    it('refuses wrong, missing, tampered and stale signatures, and events it does not act on', async () => {
      const payload = event('checkout.session.completed', { id: 'cs_test_signed', object: 'checkout.session' });
      expect(await parse(payload)).toBeNull();
      expect(await parse(payload, '')).toBeNull();
      expect(await parse(payload, 'garbage')).toBeNull();
      expect(await parse(payload, sign(payload, undefined, 'whsec_someoneelse'))).toBeNull();
      expect(await parse(payload.replace('cs_test_signed', 'cs_test_forged'), sign(payload))).toBeNull();
      const now = Math.floor(Date.now() / 1000);
      expect(await parse(payload, sign(payload, now - 301))).toBeNull();
      expect(await parse(payload, sign(payload, now - 290))).toEqual({ providerId: 'cs_test_signed' });
      const other = event('customer.created', { id: 'cus_1', object: 'customer' });
      expect(await parse(other, sign(other))).toBeNull();
    });
  });
});
