import type { PaymentsConfig } from '../config.ts';
import type { PaymentProvider } from '../provider.ts';
import { createMollieProvider } from './mollie.ts';
import { createStripeProvider } from './stripe.ts';
import { createTestProvider, type TestProvider, type TestProviderOptions } from './test.ts';

/** The provider the configuration names (../config.ts checked that its keys are there). */
export function selectProvider(config: PaymentsConfig, testOptions: TestProviderOptions = {}): PaymentProvider | TestProvider {
  switch (config.provider) {
    case 'test':
      return createTestProvider(testOptions);
    case 'mollie':
      return createMollieProvider({ apiKey: config.mollieApiKey!, apiEndpoint: config.mollieApiEndpoint });
    case 'stripe':
      return createStripeProvider({ secretKey: config.stripeSecretKey!, webhookSecret: config.stripeWebhookSecret! });
  }
}

export const isTestProvider = (p: PaymentProvider | null | undefined): p is TestProvider => p?.name === 'test';
