// The payments API as the browser calls it: the endpoints of plugins/payments/contract.ts.
import type { Api } from '../../../kernel/web/api.ts';
import {
  createDirectDebit as createDirectDebitEndpoint, createPayment as createPaymentEndpoint, directDebitCode, directDebitInfo,
  offer, payments, pricing, receipt, refund, type CreatePaymentRequest, type DirectDebitRequest, type Payment,
} from '../contract.ts';

export type { PricingResponse } from '../contract.ts';

/** The member's offer: packages of their currency, methods, the discount now and the welcome discount. */
export const getOffer = (api: Api) => api.call(offer, {}, { retries: 2 });
export const getPricing = (api: Api, country: string) => api.call(pricing, { query: { country } }, { retries: 2 });
export const getPayment = async (api: Api, id: number): Promise<Payment> => {
  const r = await api.call(payments, { query: { id } }, { retries: 1 });
  if (!('payment' in r)) throw new Error('payments.php answered a list for one payment');
  return r.payment;
};
export const getHistory = async (api: Api): Promise<Payment[]> => {
  const r = await api.call(payments, {}, { retries: 2 });
  if (!('payments' in r)) throw new Error('payments.php answered one payment for the list');
  return r.payments;
};
/**
 * The package and the method (and `repeat` from repeat order): the server works out the amount.
 * `shown_amount` is only what the page showed: a different price on the server refuses the payment
 * (409 price_changed) instead of charging another amount.
 */
export const createPayment = (api: Api, req: CreatePaymentRequest) =>
  api.call(createPaymentEndpoint, {
    body: {
      package_id: req.package_id, method: req.method, ...(req.repeat ? { repeat: true } : {}),
      ...(req.shown_amount != null ? { shown_amount: req.shown_amount } : {}),
    },
  }, { retries: 0 });

/** The unused credits of one purchase back as money. */
export const refundPayment = (api: Api, id: number) => api.call(refund, { body: { id } }, { retries: 0 }).then((r) => r.payment);
export const getReceipt = (api: Api, id: number) => api.call(receipt, { query: { id } }, { retries: 1 });

export const getDirectDebitInfo = (api: Api) => api.call(directDebitInfo, {}, { retries: 2 });
/** Sends the SMS code; never retried (each try sends a message and counts against the limit). */
export const sendDirectDebitCode = (api: Api, phone: string) => api.call(directDebitCode, { body: { phone } }, { retries: 0 });
export const createDirectDebit = (api: Api, req: DirectDebitRequest) => api.call(createDirectDebitEndpoint, { body: req }, { retries: 0 });

/** Where the browser goes to pay (the provider's checkout); a seam for tests. */
export const redirect = { to: (url: string) => location.assign(url) };
