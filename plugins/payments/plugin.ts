import Type, { type TSchema } from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';
import { CURRENCIES, METHODS } from './lists.ts';

const Currency = Type.Enum(CURRENCIES);
const PaymentMethod = Type.Enum(METHODS);

/** An amount in minor units of one currency (cents, pence, øre, grosze). */
const minor = (title: string, description: string, minimum = 0) =>
  Type.Integer({ minimum, maximum: 100_000_000, title, description });

/** One package as a domain sells it in one currency (its currency is the key it is listed under). */
const Package = Type.Object({
  id: Type.Integer({
    minimum: 1, maximum: 1000, title: 'Tier',
    description: 'The package tier (1–4 today), the same number in every currency: links (/credits/<tier>) and repeat orders name it.',
  }),
  credits: Type.Integer({ minimum: 1, maximum: 1_000_000, title: 'Credits', description: 'How many credits the member receives for it (more than 0).' }),
  price: minor('Price', 'The price in minor units of the currency (cents, pence, øre, grosze): 999 is €9.99.', 1),
  popular: Type.Optional(Type.Boolean({ title: 'Most popular', description: 'Shown as "most popular". At most one package per currency has it.' })),
}, { additionalProperties: false, title: 'Credit package', description: 'One package: its tier, credits and price.' });

/**
 * The packages of one currency. "At most one popular" is said by the schema itself: `contains` with
 * `maxContains: 1` (JSON Schema 2019-09) counts the items with `popular: true`, so sites.update
 * refuses a second one like any other misfit (kernel/server/plugin-settings.ts, settingProblem).
 */
const Packages = Type.Array(Package, {
  minItems: 1, maxItems: 10,
  contains: Type.Object({
    popular: Type.Literal(true, { title: 'Most popular', description: 'A package marked most popular.' }),
  }, { title: 'Most popular package', description: 'Matches a package marked most popular (counted: at most one).' }),
  minContains: 0, maxContains: 1,
  title: 'Packages of one currency',
  description: 'The packages sold in this currency, in the order shown; at most one marked popular. Leave the currency out to not sell in it.',
});

/** A map from currency (GBP, EUR, CHF, PLN, DKK, NOK, SEK) to `value`; absent currencies are not set. */
const perCurrency = <T extends TSchema>(value: T, title: string, description: string) =>
  Type.Partial(Type.Record(Currency, value), { additionalProperties: false, title, description });

/**
 * Credits for money: packages per currency, checkout with each country's methods through a payment
 * provider, exactly-once crediting through the credits plugin, payment history, premium.
 */
export const paymentsPlugin = definePluginDescriptor({
  id: 'payments',
  feature: 'payments',
  requires: ['auth', 'credits'],
  // members: the profile's country prices the offer; pages: the company's legal data on receipts;
  // chat: what messages cost, on /pricing.
  optional: ['members', 'pages', 'chat'],
  settings: {
    /** Four packages per currency (id = tier, the same in every currency), prices in minor units. */
    credit_packages: setting({
      schema: perCurrency(Packages, 'Credit packages',
        'The packages sold per currency (GBP, EUR, CHF, PLN, DKK, NOK, SEK), prices in minor units. A member pays in the currency of their country; a country whose currency has no packages pays in EUR.'),
      browser: true,
      default: {
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
    payment_methods: setting({
      schema: Type.Record(
        Type.String({ pattern: '^(\\*|[A-Z]{2})$' }),
        Type.Array(PaymentMethod, {
          uniqueItems: true, maxItems: 16, title: 'Methods',
          description: 'Payment methods offered there (creditcard, applepay, paypal, ideal, bancontact, eps, przelewy24, blik, mobilepay, swish, vipps, twint, satispay, paysafecard, banktransfer, directdebit).',
        }),
        {
          additionalProperties: false, title: 'Payment methods per country',
          description: 'The methods each country is offered, by ISO country code (NL, DE, …); "*" lists those offered in every country. A method is shown only where the provider takes it and it takes the currency.',
        },
      ),
      browser: true,
      default: {
        '*': ['creditcard', 'applepay', 'paypal', 'paysafecard', 'banktransfer'],
        NL: ['ideal', 'directdebit'], BE: ['bancontact', 'directdebit'], AT: ['eps', 'directdebit'], DE: ['directdebit'],
        FR: ['directdebit'], ES: ['directdebit'], IE: ['directdebit'], IT: ['satispay', 'directdebit'], FI: ['mobilepay', 'directdebit'],
        PL: ['przelewy24', 'blik'], DK: ['mobilepay'], SE: ['swish'], NO: ['vipps'], CH: ['twint'],
      },
    }),
    /** A method's transaction fee per currency (minor units), shown before paying; absent = none. */
    method_fees: setting({
      schema: Type.Partial(Type.Record(PaymentMethod, perCurrency(
        minor('Fee', 'The fee in minor units of the currency, added to the package price.'),
        'Fees of one method', 'The fee per currency of this method; a currency left out has none.',
      )), {
        additionalProperties: false, title: 'Method fees',
        description: 'Transaction fees per payment method and currency, in minor units, added to the price and shown before paying. Absent: no fee.',
      }),
      browser: true,
      default: { paysafecard: { EUR: 100, GBP: 100, CHF: 100, PLN: 400 } },
    }),
    /** SEPA direct debit per member and 30 days, per currency (minor units): above it, 'limit reached'. */
    directdebit_limit: setting({
      schema: perCurrency(
        minor('Limit', 'The most a member may pay by direct debit in 30 days, in minor units of the currency.'),
        'Direct debit limits',
        'Per currency, the most a member may pay by SEPA direct debit in 30 days (minor units); above it the debit is refused ("limit reached"). A currency left out allows none.',
      ),
      browser: false,
      default: { EUR: 15000 },
    }),
    /**
     * The SEPA creditor identifier named in the mandate (the operator's own, from its bank). The
     * default is a well-formed example, fine for development only.
     */
    sepa_creditor_id: setting({
      schema: Type.String({
        pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$', title: 'SEPA creditor identifier',
        description: 'The operator\'s SEPA creditor identifier (from its bank), named in every direct-debit mandate. The default is an example for development only.',
      }),
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
