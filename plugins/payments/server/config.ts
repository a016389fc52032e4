/**
 * Which payment provider sells, from the environment (read here, not by the kernel):
 * PAYMENT_PROVIDER=test|mollie|stripe (default test), MOLLIE_API_KEY, STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET. The test provider never sells in production: there, without a real
 * provider configured, payments are unavailable (and say so loudly) instead.
 */
export type ProviderName = 'test' | 'mollie' | 'stripe';

export interface PaymentsConfig {
  provider: ProviderName;
  mollieApiKey?: string;
  /** Another API origin for Mollie (contract tests point it at a local server). */
  mollieApiEndpoint?: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
}

export type ConfigResult = { ok: true; config: PaymentsConfig } | { ok: false; reason: string };

export function readPaymentsConfig(env: Record<string, string | undefined>, production: boolean): ConfigResult {
  const name = (env.PAYMENT_PROVIDER ?? '').trim().toLowerCase() || (production ? '' : 'test');
  if (!name) return { ok: false, reason: 'PAYMENT_PROVIDER is not set (mollie or stripe in production)' };
  if (name !== 'test' && name !== 'mollie' && name !== 'stripe') return { ok: false, reason: `PAYMENT_PROVIDER=${name} is not a provider (test, mollie, stripe)` };
  if (name === 'test' && production) return { ok: false, reason: 'the test provider never sells in production: set PAYMENT_PROVIDER=mollie or stripe' };
  const config: PaymentsConfig = {
    provider: name,
    mollieApiKey: env.MOLLIE_API_KEY || undefined,
    mollieApiEndpoint: env.MOLLIE_API_ENDPOINT || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
  };
  if (name === 'mollie' && !config.mollieApiKey) return { ok: false, reason: 'PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY' };
  if (name === 'stripe' && (!config.stripeSecretKey || !config.stripeWebhookSecret)) {
    return { ok: false, reason: 'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET' };
  }
  return { ok: true, config };
}
