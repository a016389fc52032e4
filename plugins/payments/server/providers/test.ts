import crypto from 'node:crypto';
import { isValidIBAN } from 'ibantools';
import { METHODS, TEST_OUTCOMES, testCheckoutPage, type Currency, type PaymentMethod, type TestOutcome } from '../../contract.ts';
import type { CreateInput, DebitInput, PaymentProvider, ProviderStatus } from '../provider.ts';

/** What the payer can pick on the test checkout page (the contract's: its form's endpoint checks the choice). */
export { TEST_OUTCOMES, type TestOutcome };

/**
 * Test IBANs that steer a direct debit at the test provider, as Stripe's test mode does (these are
 * Stripe's own German test IBANs, so a journey behaves alike on both). Each debit is 'pending'
 * first; after `pendingMs`:
 * - DE89370400440532013000, and any other valid IBAN (e.g. NL91ABNA0417164300): 'paid'.
 * - DE62370400440532013001: 'failed' (the bank refused: no funds, account closed).
 * - DE35370400440532013002: 'paid', then after another `pendingMs` charged back in full (status
 *   stays 'paid', `chargedBack` = the amount), each step reported by webhook.
 * - DE68370400440532099999: refused at once (debit() throws), as a PSP refuses an account it blocks.
 */
export const TEST_DEBIT_IBANS = {
  paid: 'DE89370400440532013000',
  failed: 'DE62370400440532013001',
  chargedBack: 'DE35370400440532013002',
  refused: 'DE68370400440532099999',
} as const;

/** A payment as the test "PSP" keeps it (its own side of the story, like a real PSP's database). */
export interface TestPspPayment {
  id: string;
  reference: string;
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  description: string;
  status: ProviderStatus['status'];
  refunded: number;
  chargedBack: number;
  /** Put in the checkout page; the choice must carry it back (a cross-site form cannot know it). */
  secret: string;
  returnUrl: string;
  webhookUrl: string;
  /** The payer has chosen already: the page cannot be used twice. */
  decided: boolean;
  /** A direct debit under our mandate (no checkout page): what the "bank" was sent. */
  debit?: { holder: string; iban: string; mandateReference: string; signedAt: Date; email: string };
}

/** Posts a webhook to our own webhook route (set by the plugin once its routes exist). */
export type WebhookDelivery = (webhookUrl: string, body: string) => Promise<void>;

export interface TestProvider extends PaymentProvider {
  /** The PSP-side record (tests also change it, e.g. to report another amount). */
  payment(id: string): TestPspPayment | undefined;
  /** The payer's choice on the checkout page; null when the payment or its secret is wrong. */
  choose(id: string, secret: string, outcome: TestOutcome): { returnUrl: string } | null;
  /** Changes the status at the "PSP", and tells us by webhook unless `webhook: false`. */
  setStatus(id: string, status: ProviderStatus['status'], opts?: { webhook?: boolean }): void;
  /** The payer's bank takes the money of a paid payment back (what is not refunded); webhook follows. */
  chargeback(id: string, opts?: { webhook?: boolean }): void;
  useDelivery(deliver: WebhookDelivery): void;
  /** Resolves once no webhook is waiting to be sent or being sent. */
  idle(): Promise<void>;
  /** Drops webhooks not sent yet (the app closes). */
  close(): void;
}

export interface TestProviderOptions {
  /** The webhook follows the payer's choice after a random delay in this range (ms), as a PSP's does. */
  webhookDelayMs?: [number, number];
  /** "Pending then paid" (and a direct debit's steps): how long the payment stays pending. */
  pendingMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * The built-in test provider: a PSP's test mode inside our own server. It keeps its payments in
 * memory, shows a hosted checkout page (./test-checkout.ts), and reports changes by an asynchronous
 * webhook through our real webhook route, so crediting goes through exactly the code path of Mollie
 * and Stripe (webhook → fetch → state machine). Never offered in production (see ../config.ts).
 */
export function createTestProvider(opts: TestProviderOptions = {}): TestProvider {
  const [minDelay, maxDelay] = opts.webhookDelayMs ?? [100, 500];
  const pendingMs = opts.pendingMs ?? 3000;
  const store = new Map<string, TestPspPayment>();
  /** The steps still to come, each with what lets its waiters go should it be dropped. */
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  const inFlight = new Set<Promise<void>>();
  let deliver: WebhookDelivery | null = null;
  let closed = false;

  const later = (ms: number, fn: () => Promise<void> | void) => {
    if (closed) return;
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => { resolveDone = r; });
    inFlight.add(done);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void Promise.resolve().then(fn)
        .catch((err: unknown) => opts.log?.warn({ err }, 'test provider: webhook not delivered'))
        .finally(() => { inFlight.delete(done); resolveDone(); });
    }, ms);
    // Dropped at close: whoever waits is let go.
    timers.set(timer, () => { inFlight.delete(done); resolveDone(); });
  };

  const notify = (p: TestPspPayment) => later(minDelay + Math.floor(Math.random() * (maxDelay - minDelay + 1)), async () => {
    if (!deliver) throw new Error('no webhook delivery set');
    await deliver(p.webhookUrl, new URLSearchParams({ id: p.id }).toString());
  });

  const provider: TestProvider = {
    name: 'test',
    methods: METHODS,

    async create(input: CreateInput) {
      const id = `tp_${crypto.randomBytes(9).toString('base64url')}`;
      store.set(id, {
        id, reference: input.reference, amount: input.amount, currency: input.currency, method: input.method,
        description: input.description, status: 'open', refunded: 0, chargedBack: 0,
        secret: crypto.randomBytes(18).toString('base64url'), returnUrl: input.returnUrl, webhookUrl: input.webhookUrl, decided: false,
      });
      // Our checkout page, on the same origin as the webhook (the site's canonical origin).
      const checkout = new URL(testCheckoutPage.path, input.webhookUrl);
      checkout.search = new URLSearchParams({ payment: id }).toString();
      return { providerId: id, redirectUrl: checkout.toString() };
    },

    async fetch(providerId) {
      const p = store.get(providerId);
      if (!p) throw new Error(`test provider: no payment ${providerId}`);
      return { status: p.status, amount: p.amount, currency: p.currency, refunded: p.refunded, chargedBack: p.chargedBack };
    },

    async debit(input: DebitInput) {
      if (!isValidIBAN(input.iban)) throw new Error('test provider: debit refused: invalid IBAN');
      if (input.iban === TEST_DEBIT_IBANS.refused) throw new Error('test provider: debit refused: account blocked for direct debit');
      // SEPA debits are in euro only, whatever country the account is in.
      if (input.currency !== 'EUR') throw new Error(`test provider: debit refused: SEPA debits are in EUR, not ${input.currency}`);
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('test provider: debit refused: bad amount');
      const id = `tp_${crypto.randomBytes(9).toString('base64url')}`;
      store.set(id, {
        id, reference: input.reference, amount: input.amount, currency: input.currency, method: 'directdebit',
        description: input.description, status: 'pending', refunded: 0, chargedBack: 0,
        // No checkout page: no secret to carry, nothing for a payer to decide.
        secret: '', returnUrl: '', webhookUrl: input.webhookUrl, decided: true,
        debit: { holder: input.holder, iban: input.iban, mandateReference: input.mandateReference, signedAt: input.signedAt, email: input.email },
      });
      // Accepted as pending (the caller knows that without a webhook); the bank answers later.
      later(pendingMs, () => {
        if (store.get(id)?.status !== 'pending') return; // a test moved it on already
        if (input.iban === TEST_DEBIT_IBANS.failed) return provider.setStatus(id, 'failed');
        provider.setStatus(id, 'paid');
        if (input.iban === TEST_DEBIT_IBANS.chargedBack) later(pendingMs, () => provider.chargeback(id));
      });
      return { providerId: id };
    },

    async refund(providerId, amount) {
      const p = store.get(providerId);
      if (!p || p.status !== 'paid' || p.refunded + p.chargedBack + amount > p.amount) throw new Error('test provider: refund refused');
      p.refunded += amount;
      notify(p);
      return { refundId: `tr_${crypto.randomBytes(6).toString('hex')}` };
    },

    async parseWebhook({ rawBody }) {
      // Like Mollie's: only the id, no signature; ours fetches the status anyway.
      const id = new URLSearchParams(rawBody.toString('utf8')).get('id');
      return id && store.has(id) ? { providerId: id } : null;
    },

    payment: (id) => store.get(id),

    choose(id, secret, outcome) {
      const p = store.get(id);
      if (!p || p.debit || !secret || p.secret.length !== secret.length
        || !crypto.timingSafeEqual(Buffer.from(p.secret), Buffer.from(secret))) return null;
      if (p.decided) return { returnUrl: p.returnUrl };
      p.decided = true;
      if (outcome === 'pending_paid') {
        provider.setStatus(id, 'pending');
        later(pendingMs, () => provider.setStatus(id, 'paid'));
      } else {
        provider.setStatus(id, outcome);
      }
      return { returnUrl: p.returnUrl };
    },

    setStatus(id, status, o = {}) {
      const p = store.get(id);
      if (!p) return;
      p.status = status;
      if (o.webhook !== false) notify(p);
    },

    chargeback(id, o = {}) {
      const p = store.get(id);
      if (!p || p.status !== 'paid' || p.refunded + p.chargedBack >= p.amount) return;
      p.chargedBack = p.amount - p.refunded;
      if (o.webhook !== false) notify(p);
    },

    useDelivery(fn) { deliver = fn; },

    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },

    close() {
      closed = true;
      for (const [t, release] of timers) {
        clearTimeout(t);
        release();
      }
      timers.clear();
    },
  };
  return provider;
}
