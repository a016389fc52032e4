import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';
import type { MethodTable, PackageTable, PaymentMethod, Currency } from './contract.ts';

// The browser build leaves the default tables out (it gets the resolved values from settings.php):
// the initial JavaScript has a budget.
const SERVER = process.env.FLIRT_BROWSER !== '1';

/**
 * Credits for money: packages per currency, checkout with each country's methods through a payment
 * provider, exactly-once crediting through the credits plugin, payment history, premium.
 */
export const paymentsPlugin = definePluginDescriptor({
  id: 'payments',
  feature: 'payments',
  requires: ['auth', 'credits'],
  // members: the profile's country prices the offer; pages: the company's legal data on receipts.
  optional: ['members', 'pages'],
  settings: {
    /** Four packages per currency (id = tier, the same in every currency), prices in minor units. */
    credit_packages: setting<PackageTable>({
      schema: { type: 'object' },
      browser: true,
      default: !SERVER ? {} as PackageTable : {
        EUR: [{ id: 1, credits: 50, price: 999 }, { id: 2, credits: 150, price: 2499, popular: true }, { id: 3, credits: 400, price: 5999 }, { id: 4, credits: 1000, price: 12999 }],
        GBP: [{ id: 1, credits: 50, price: 899 }, { id: 2, credits: 150, price: 2199, popular: true }, { id: 3, credits: 400, price: 5299 }, { id: 4, credits: 1000, price: 11499 }],
        CHF: [{ id: 1, credits: 50, price: 999 }, { id: 2, credits: 150, price: 2490, popular: true }, { id: 3, credits: 400, price: 5990 }, { id: 4, credits: 1000, price: 12990 }],
        PLN: [{ id: 1, credits: 50, price: 4299 }, { id: 2, credits: 150, price: 10499, popular: true }, { id: 3, credits: 400, price: 24999 }, { id: 4, credits: 1000, price: 54999 }],
        DKK: [{ id: 1, credits: 50, price: 7495 }, { id: 2, credits: 150, price: 18500, popular: true }, { id: 3, credits: 400, price: 44500 }, { id: 4, credits: 1000, price: 96500 }],
        NOK: [{ id: 1, credits: 50, price: 11500 }, { id: 2, credits: 150, price: 28900, popular: true }, { id: 3, credits: 400, price: 68900 }, { id: 4, credits: 1000, price: 149500 }],
        SEK: [{ id: 1, credits: 50, price: 10900 }, { id: 2, credits: 150, price: 27900, popular: true }, { id: 3, credits: 400, price: 65900 }, { id: 4, credits: 1000, price: 142900 }],
      },
    }),
    /** Which methods each country is offered ('*': every country). */
    payment_methods: setting<MethodTable>({
      schema: { type: 'object' },
      browser: true,
      default: !SERVER ? {} : {
        '*': ['creditcard', 'applepay', 'paypal', 'paysafecard', 'banktransfer'],
        NL: ['ideal', 'directdebit'], BE: ['bancontact', 'directdebit'], AT: ['eps', 'directdebit'], DE: ['directdebit'],
        FR: ['directdebit'], ES: ['directdebit'], IE: ['directdebit'], IT: ['satispay', 'directdebit'], FI: ['mobilepay', 'directdebit'],
        PL: ['przelewy24', 'blik'], DK: ['mobilepay'], SE: ['swish'], NO: ['vipps'], CH: ['twint'],
      },
    }),
    /** A method's transaction fee per currency (minor units), shown before paying; absent = none. */
    method_fees: setting<Partial<Record<PaymentMethod, Partial<Record<Currency, number>>>>>({
      schema: { type: 'object' },
      browser: true,
      default: { paysafecard: { EUR: 100, GBP: 100, CHF: 100, PLN: 400 } },
    }),
    /** SEPA direct debit per member and 30 days, per currency (minor units): above it, 'limit reached'. */
    directdebit_limit: setting<Partial<Record<Currency, number>>>({
      schema: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
      browser: false,
      default: { EUR: 15000 },
    }),
    /**
     * The SEPA creditor identifier named in the mandate (the operator's own, from its bank). The
     * default is a well-formed example, fine for development only.
     */
    sepa_creditor_id: setting<string>({
      schema: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$' },
      browser: false,
      default: 'NL69ZZZ123456780000',
    }),
  },
  routes: {
    credits: '/credits',
    'credits-repeat-order': '/credits/repeat-order',
    'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
    'transactions-id': '/transactions/:id?',
    directdebit: '/directdebit',
    premium: '/premium',
    pricing: '/pricing',
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof paymentsPlugin.settings> {}
}
declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof paymentsPlugin> {}
}

export default paymentsPlugin;
