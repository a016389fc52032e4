// The currencies and payment methods as plain lists: the contract builds its schemas from them, and
// the descriptor's settings too (without loading the contract into the initial JavaScript).

export const CURRENCIES = ['GBP', 'EUR', 'CHF', 'PLN', 'DKK', 'NOK', 'SEK'] as const;

/**
 * The payment methods checkout may offer (spec section 9's list, as the PSPs offer them today).
 * Giropay and Sofort were discontinued by their operators and are not offered; Dankort, Maestro,
 * Carte Bancaire, Visa and Mastercard are card brands of `creditcard`; Nexi is a processor.
 */
export const METHODS = [
  'creditcard', 'applepay', 'paypal', 'ideal', 'bancontact', 'eps', 'przelewy24', 'blik', 'mobilepay',
  'swish', 'vipps', 'twint', 'satispay', 'paysafecard', 'banktransfer', 'directdebit',
] as const;
