// Contract test: our Mollie adapter against a local HTTPS server answering as Mollie's v2 API is
// documented (docs.mollie.com/reference/create-payment, get-payment, create-refund, create-customer,
// create-mandate), through the official @mollie/api-client. No database.
import { isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpsStub, type HttpsStub, type StubRequest } from './https-stub.ts';
import { createMollieProvider, fromMollieAmount, mollieLocale, toMollieAmount } from './mollie.ts';
import type { DebitInput, PaymentProvider } from '../provider.ts';

type Json = Record<string, unknown>;
const payments = new Map<string, Json>();
const customers = new Map<string, Json>();
const mandates = new Map<string, Json>();
let nextId = 0;

const unprocessable = (detail: string, field: string) =>
  ({ status: 422, body: { status: 422, title: 'Unprocessable Entity', detail, field, _links: {} } });

function paymentLinks(id: string, status: string): Json {
  return {
    self: { href: `https://api.mollie.com/v2/payments/${id}`, type: 'application/hal+json' },
    ...(status === 'open' ? { checkout: { href: `https://www.mollie.com/checkout/select-method/${id}`, type: 'text/html' } } : {}),
    dashboard: { href: `https://my.mollie.com/dashboard/org_12345678/payments/${id}`, type: 'text/html' },
    documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
  };
}

/** Mollie's API as documented, for the parts the adapter uses. */
function mollieApi(req: StubRequest) {
  if (req.headers.authorization !== 'Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM') {
    return { status: 401, body: { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication, or failed to authenticate', _links: {} } };
  }
  if (req.method === 'POST' && req.path === '/v2/customers') {
    const input = JSON.parse(req.body) as Json;
    const id = `cst_8wmqcHMN4U${++nextId}`;
    const customer: Json = {
      resource: 'customer', id, mode: 'test', name: input.name ?? null, email: input.email ?? null,
      locale: input.locale ?? null, metadata: input.metadata ?? null, createdAt: '2026-11-24T09:00:00+00:00',
      _links: {
        self: { href: `https://api.mollie.com/v2/customers/${id}`, type: 'application/hal+json' },
        dashboard: { href: `https://my.mollie.com/dashboard/org_12345678/customers/${id}`, type: 'text/html' },
      },
    };
    customers.set(id, customer);
    return { status: 201, body: customer };
  }
  const mandate = /^\/v2\/customers\/(cst_\w+)\/mandates$/.exec(req.path);
  if (req.method === 'POST' && mandate) {
    const customerId = mandate[1]!;
    if (!customers.has(customerId)) return { status: 404, body: { status: 404, title: 'Not Found', detail: 'No customer exists with token.', _links: {} } };
    const input = JSON.parse(req.body) as Json;
    if (input.method !== 'directdebit') return unprocessable('The method is invalid', 'method');
    if (typeof input.consumerAccount !== 'string' || !isValidIBAN(input.consumerAccount)) return unprocessable('The consumer account is invalid', 'consumerAccount');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(input.signatureDate))) return unprocessable('The signature date is invalid', 'signatureDate');
    const id = `mdt_h3gAaD5zP${++nextId}`;
    const created: Json = {
      resource: 'mandate', id, mode: 'test', status: 'valid', method: 'directdebit',
      details: { consumerName: input.consumerName, consumerAccount: input.consumerAccount, consumerBic: 'ABNANL2A' },
      signatureDate: input.signatureDate, mandateReference: input.mandateReference ?? null, createdAt: '2026-11-24T09:00:00+00:00',
      customerId,
      _links: {
        self: { href: `https://api.mollie.com/v2/customers/${customerId}/mandates/${id}`, type: 'application/hal+json' },
        customer: { href: `https://api.mollie.com/v2/customers/${customerId}`, type: 'application/hal+json' },
      },
    };
    mandates.set(id, created);
    return { status: 201, body: created };
  }
  if (req.method === 'POST' && req.path === '/v2/payments') {
    const input = JSON.parse(req.body) as Json;
    const id = `tr_WDqYK6vllg${++nextId}`;
    const recurring = input.sequenceType === 'recurring';
    if (recurring) {
      // A recurring payment needs the customer's valid mandate; the debit is pending until the bank answers.
      const m = mandates.get(String(input.mandateId));
      if (!customers.has(String(input.customerId))) return unprocessable('The customer id is invalid', 'customerId');
      if (!m || m.customerId !== input.customerId) return unprocessable('The mandate id is invalid', 'mandateId');
    }
    const status = recurring ? 'pending' : 'open';
    const payment: Json = {
      resource: 'payment', id, mode: 'test', createdAt: '2026-11-24T09:00:00+00:00',
      amount: input.amount, description: input.description, method: recurring ? 'directdebit' : input.method, metadata: input.metadata,
      status, isCancelable: recurring, expiresAt: '2026-11-24T09:15:00+00:00', details: null,
      locale: input.locale, profileId: 'pfl_QkEhN94Ba', sequenceType: recurring ? 'recurring' : 'oneoff',
      ...(recurring ? { customerId: input.customerId, mandateId: input.mandateId } : {}),
      redirectUrl: input.redirectUrl, webhookUrl: input.webhookUrl, _links: paymentLinks(id, status),
    };
    payments.set(id, payment);
    return { status: 201, body: payment };
  }
  const get = /^\/v2\/payments\/(tr_\w+)$/.exec(req.path);
  if (req.method === 'GET' && get) {
    const payment = payments.get(get[1]!);
    if (!payment) return { status: 404, body: { status: 404, title: 'Not Found', detail: 'No payment exists with token.', _links: {} } };
    return { body: { ...payment, _links: paymentLinks(get[1]!, String(payment.status)) } };
  }
  const refunds = /^\/v2\/payments\/(tr_\w+)\/refunds$/.exec(req.path);
  if (req.method === 'POST' && refunds) {
    const payment = payments.get(refunds[1]!);
    const input = JSON.parse(req.body) as Json;
    if (!payment || payment.status !== 'paid') {
      return { status: 422, body: { status: 422, title: 'Unprocessable Entity', detail: 'The payment cannot be refunded', _links: {} } };
    }
    return {
      status: 201,
      body: {
        resource: 'refund', id: 're_4qqhO89gsT', amount: input.amount, status: 'pending', createdAt: '2026-11-24T10:00:00+00:00',
        description: '', metadata: null, paymentId: refunds[1], settlementAmount: null,
        _links: { self: { href: `https://api.mollie.com/v2/payments/${refunds[1]}/refunds/re_4qqhO89gsT`, type: 'application/hal+json' } },
      },
    };
  }
  return { status: 404, body: { status: 404, title: 'Not Found', detail: 'Unknown route', _links: {} } };
}

const input = {
  reference: 'payment-42', amount: 1999, currency: 'EUR' as const, method: 'ideal' as const,
  description: '100 credits', returnUrl: 'https://flirt.example/transactions/42',
  webhookUrl: 'https://flirt.example/api/payments-webhook.php?provider=mollie', locale: 'nl-BE',
};

let stub: HttpsStub;
let provider: PaymentProvider;
const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(async () => {
  // The Mollie client pins its own CA bundle, so it cannot be handed the stub's certificate: accept
  // the self-signed one in this test process only (restored below), never in product code.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  stub = await startHttpsStub(mollieApi);
  provider = createMollieProvider({ apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', apiEndpoint: `${stub.origin}/v2/` });
});
afterAll(async () => {
  await stub.close();
  if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
});

describe('Mollie provider', () => {
  it('formats minor units as Mollie amount strings without floats', () => {
    expect(toMollieAmount(1999)).toBe('19.99');
    expect(toMollieAmount(5)).toBe('0.05');
    expect(toMollieAmount(100000)).toBe('1000.00');
    expect(toMollieAmount(0)).toBe('0.00');
    expect(() => toMollieAmount(19.99)).toThrow();
    expect(() => toMollieAmount(-1)).toThrow();
    expect(fromMollieAmount('19.99')).toBe(1999);
    expect(fromMollieAmount('0.10')).toBe(10);
    expect(() => fromMollieAmount('19.9')).toThrow();
  });

  it('maps our locales onto Mollie checkout locales', () => {
    expect(mollieLocale('nl-BE')).toBe('nl_BE');
    expect(mollieLocale('nl')).toBe('nl_NL');
    expect(mollieLocale('no')).toBe('nb_NO');
    expect(mollieLocale('de-CH')).toBe('de_CH');
    expect(mollieLocale('pl')).toBe('pl_PL');
    expect(mollieLocale('en')).toBe('en_GB');
    expect(mollieLocale('xx')).toBeUndefined();
  });

  it('refuses to start without an API key', () => {
    expect(() => createMollieProvider({ apiKey: '' })).toThrow(/MOLLIE_API_KEY/);
  });

  it('lists the methods it can take', () => {
    expect(provider.name).toBe('mollie');
    expect([...provider.methods].sort()).toEqual([
      'applepay', 'bancontact', 'banktransfer', 'blik', 'creditcard', 'directdebit', 'eps', 'ideal', 'mobilepay', 'paypal',
      'paysafecard', 'przelewy24', 'satispay', 'swish', 'twint', 'vipps',
    ]);
    expect(provider.debit).toBeTypeOf('function');
  });

  it('creates a payment with the amount string, method, URLs, metadata, locale and idempotency key', async () => {
    stub.requests.length = 0;
    const created = await provider.create(input);
    expect(created.providerId).toMatch(/^tr_/);
    expect(created.redirectUrl).toBe(`https://www.mollie.com/checkout/select-method/${created.providerId}`);
    const [sent] = stub.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v2/payments');
    expect(sent!.headers['idempotency-key']).toBe('payment-42');
    expect(JSON.parse(sent!.body)).toEqual({
      amount: { currency: 'EUR', value: '19.99' }, description: '100 credits',
      redirectUrl: 'https://flirt.example/transactions/42',
      webhookUrl: 'https://flirt.example/api/payments-webhook.php?provider=mollie',
      method: 'ideal', metadata: { reference: 'payment-42' }, locale: 'nl_BE',
    });
  });

  it('sends each currency as 2 decimals and our method ids as Mollie ids', async () => {
    for (const [method, currency, amount, value] of [
      ['blik', 'PLN', 4900, '49.00'], ['swish', 'SEK', 12050, '120.50'], ['vipps', 'NOK', 9, '0.09'],
      ['twint', 'CHF', 1000, '10.00'], ['mobilepay', 'DKK', 7495, '74.95'], ['creditcard', 'GBP', 1499, '14.99'],
      ['przelewy24', 'PLN', 2000, '20.00'],
    ] as const) {
      stub.requests.length = 0;
      await provider.create({ ...input, reference: `ref-${method}`, method, currency, amount });
      const body = JSON.parse(stub.requests[0]!.body) as Json;
      expect(body.amount).toEqual({ currency, value });
      expect(body.method).toBe(method);
    }
  });

  it('refuses a checkout for direct debit (that goes through debit) before calling it', async () => {
    stub.requests.length = 0;
    await expect(provider.create({ ...input, method: 'directdebit' })).rejects.toThrow(/directdebit/);
    expect(stub.requests).toHaveLength(0);
  });

  it('maps every Mollie status onto ours', async () => {
    const { providerId } = await provider.create(input);
    for (const [mollie, ours] of [
      ['open', 'open'], ['pending', 'pending'], ['authorized', 'pending'], ['paid', 'paid'],
      ['failed', 'failed'], ['canceled', 'canceled'], ['expired', 'expired'],
    ] as const) {
      payments.get(providerId)!.status = mollie;
      expect(await provider.fetch(providerId)).toEqual({ status: ours, amount: 1999, currency: 'EUR', refunded: 0, chargedBack: 0 });
    }
  });

  it('reports refunded and charged-back amounts in minor units', async () => {
    const { providerId } = await provider.create({ ...input, currency: 'PLN', amount: 4900 });
    Object.assign(payments.get(providerId)!, {
      status: 'paid', paidAt: '2026-11-24T09:01:00+00:00',
      amountRefunded: { value: '10.50', currency: 'PLN' }, amountRemaining: { value: '38.50', currency: 'PLN' },
      amountChargedBack: { value: '38.50', currency: 'PLN' },
    });
    expect(await provider.fetch(providerId)).toEqual({ status: 'paid', amount: 4900, currency: 'PLN', refunded: 1050, chargedBack: 3850 });
  });

  it('refunds through the payment refunds endpoint', async () => {
    const { providerId } = await provider.create(input);
    payments.get(providerId)!.status = 'paid';
    stub.requests.length = 0;
    expect(await provider.refund(providerId, 1250, 'EUR')).toEqual({ refundId: 're_4qqhO89gsT' });
    const [sent] = stub.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe(`/v2/payments/${providerId}/refunds`);
    expect(JSON.parse(sent!.body)).toEqual({ amount: { currency: 'EUR', value: '12.50' } });
  });

  it('passes Mollie errors on as rejections', async () => {
    const { providerId } = await provider.create(input);
    await expect(provider.refund(providerId, 100, 'EUR')).rejects.toThrow(/cannot be refunded/);
    await expect(provider.fetch('tr_doesnotexist')).rejects.toThrow(/No payment exists/);
    const wrongKey = createMollieProvider({ apiKey: 'test_wrongwrongwrongwrongwrongwrong', apiEndpoint: `${stub.origin}/v2/` });
    await expect(wrongKey.fetch(providerId)).rejects.toThrow(/authenticate/);
  });

  it('takes a webhook call that carries a payment id, and nothing else', async () => {
    const parse = (body: string) => provider.parseWebhook({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: Buffer.from(body) });
    expect(await parse('id=tr_d0b0E3EA3v')).toEqual({ providerId: 'tr_d0b0E3EA3v' });
    expect(await parse('')).toBeNull();
    expect(await parse('id=')).toBeNull();
    expect(await parse('id=re_4qqhO89gsT')).toBeNull();
    expect(await parse('id=tr_../../v2/refunds')).toBeNull();
    expect(await parse('{"id":"tr_d0b0E3EA3v"}')).toBeNull();
    expect(await parse(`id=tr_${'a'.repeat(2000)}`)).toBeNull();
  });

  describe('direct debit under our own mandate', () => {
    const debitInput: DebitInput = {
      reference: 'payment-43', amount: 2999, currency: 'EUR', description: '300 credits',
      webhookUrl: 'https://flirt.example/api/payments-webhook.php?provider=mollie', locale: 'de-AT',
      holder: 'Erika Mustermann', iban: 'NL91ABNA0417164300', mandateReference: 'FLIRT-43-AB12',
      // Late in the evening in UTC: the signature date is the UTC date, never a day ahead of Mollie's.
      signedAt: new Date('2026-11-23T22:30:00Z'), email: 'erika@example.com', ip: '203.0.113.7', userAgent: 'Mozilla/5.0',
    };

    it('creates a customer, its directdebit mandate and a recurring payment on it', async () => {
      stub.requests.length = 0;
      const { providerId } = await provider.debit!(debitInput);
      expect(providerId).toMatch(/^tr_/);
      const [customer, mandate, payment, ...rest] = stub.requests;
      expect(rest).toHaveLength(0);

      expect([customer!.method, customer!.path]).toEqual(['POST', '/v2/customers']);
      expect(customer!.headers['idempotency-key']).toBe('payment-43-customer');
      expect(JSON.parse(customer!.body)).toEqual({
        name: 'Erika Mustermann', email: 'erika@example.com', metadata: { reference: 'payment-43' }, locale: 'de_AT',
      });
      const customerId = [...customers.keys()].at(-1)!;

      expect([mandate!.method, mandate!.path]).toEqual(['POST', `/v2/customers/${customerId}/mandates`]);
      expect(mandate!.headers['idempotency-key']).toBe('payment-43-mandate');
      expect(JSON.parse(mandate!.body)).toEqual({
        method: 'directdebit', consumerName: 'Erika Mustermann', consumerAccount: 'NL91ABNA0417164300',
        signatureDate: '2026-11-23', mandateReference: 'FLIRT-43-AB12',
      });
      const mandateId = [...mandates.keys()].at(-1)!;

      expect([payment!.method, payment!.path]).toEqual(['POST', '/v2/payments']);
      expect(payment!.headers['idempotency-key']).toBe('payment-43');
      expect(JSON.parse(payment!.body)).toEqual({
        amount: { currency: 'EUR', value: '29.99' }, description: '300 credits',
        webhookUrl: 'https://flirt.example/api/payments-webhook.php?provider=mollie',
        sequenceType: 'recurring', customerId, mandateId, metadata: { reference: 'payment-43' },
      });
      expect(await provider.fetch(providerId)).toEqual({ status: 'pending', amount: 2999, currency: 'EUR', refunded: 0, chargedBack: 0 });
    });

    it('reports the debit paid, failed, or paid and charged back, and refunds it', async () => {
      const { providerId } = await provider.debit!({ ...debitInput, reference: 'payment-44', amount: 1500 });
      const payment = payments.get(providerId)!;
      expect(payment).toMatchObject({ method: 'directdebit', sequenceType: 'recurring', status: 'pending' });
      payment.status = 'failed';
      expect((await provider.fetch(providerId)).status).toBe('failed');
      Object.assign(payment, { status: 'paid', paidAt: '2026-11-26T09:00:00+00:00' });
      expect(await provider.fetch(providerId)).toEqual({ status: 'paid', amount: 1500, currency: 'EUR', refunded: 0, chargedBack: 0 });
      expect(await provider.refund(providerId, 500, 'EUR')).toEqual({ refundId: 're_4qqhO89gsT' });
      payment.amountChargedBack = { value: '15.00', currency: 'EUR' };
      expect(await provider.fetch(providerId)).toEqual({ status: 'paid', amount: 1500, currency: 'EUR', refunded: 0, chargedBack: 1500 });
    });

    it('passes a refused mandate on as a rejection, and creates no payment', async () => {
      stub.requests.length = 0;
      await expect(provider.debit!({ ...debitInput, reference: 'payment-45', iban: 'NL91ABNA0417164301' })).rejects.toThrow(/consumer account is invalid/);
      expect(stub.requests.map((r) => r.path)).not.toContain('/v2/payments');
    });

    it('refuses a debit in another currency than euro before calling Mollie', async () => {
      stub.requests.length = 0;
      await expect(provider.debit!({ ...debitInput, currency: 'PLN' })).rejects.toThrow(/EUR/);
      expect(stub.requests).toHaveLength(0);
    });
  });
});
