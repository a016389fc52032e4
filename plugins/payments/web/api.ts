// The payments API as the browser calls it (plugins/payments/contract.ts has the shapes).
import type { Api } from '../../../kernel/web/api.ts';
import type {
  CreatePaymentRequest, CreatePaymentResponse, CreditPackage, CreditsOffer, Currency, DirectDebitCodeResponse, DirectDebitInfo,
  DirectDebitRequest, OfferDiscount, Payment, Receipt,
} from '../contract.ts';

export interface PricingResponse {
  country: string;
  currency: Currency;
  packages: CreditPackage[];
  message_costs: { message: number; photo: number; gift: number } | null;
}

export const getOffer = (api: Api) => api.get<CreditsOffer>('/api/credits.php', { retries: 2 });
export const getPricing = (api: Api, country: string) => api.get<PricingResponse>('/api/pricing.php', { query: { country }, retries: 2 });
export const getPayment = (api: Api, id: number) => api.get<{ payment: Payment }>('/api/payments.php', { query: { id }, retries: 1 }).then((r) => r.payment);
export const getHistory = (api: Api) => api.get<{ payments: Payment[] }>('/api/payments.php', { retries: 2 }).then((r) => r.payments);
/**
 * The package and the method (and `repeat` from repeat order): the server works out the amount.
 * `shown_amount` is only what the page showed: a different price on the server refuses the payment
 * (409 price_changed) instead of charging another amount.
 */
export const createPayment = (api: Api, req: CreatePaymentRequest) =>
  api.post<CreatePaymentResponse>('/api/payments.php', {
    package_id: req.package_id, method: req.method, ...(req.repeat ? { repeat: true } : {}),
    ...(req.shown_amount != null ? { shown_amount: req.shown_amount } : {}),
  }, { retries: 0 });

// Discount codes (the bonuses plugin's API, offered when CreditsOffer.codes is true).
type DiscountResponse = { discount: OfferDiscount | null };
/** A code entered on /credits: the member's discount with it (errors code_not_found, code_used). */
export const enterDiscountCode = (api: Api, code: string) =>
  api.post<DiscountResponse>('/api/discountcode.php', { code }, { retries: 0 }).then((r) => r.discount);
/** Takes the entered code off again: the member's discount without it. */
export const removeDiscountCode = (api: Api) => api.del<DiscountResponse>('/api/discountcode.php').then((r) => r.discount);
/** The welcome discount on the first purchase, or null (none, or any failure: the spec ignores them). */
export const getWelcomeDiscount = (api: Api) =>
  api.get<DiscountResponse>('/api/discountcode.php', { query: { welcome: 'true' }, retries: 0 }).then((r) => r.discount, () => null);

/** The unused credits of one purchase back as money. */
export const refundPayment = (api: Api, id: number) =>
  api.post<{ payment: Payment }>('/api/payments-refund.php', { id }, { retries: 0 }).then((r) => r.payment);
export const getReceipt = (api: Api, id: number) => api.get<Receipt>('/api/payments-receipt.php', { query: { id }, retries: 1 });

export const getDirectDebitInfo = (api: Api) => api.get<DirectDebitInfo>('/api/directdebit.php', { retries: 2 });
/** Sends the SMS code; never retried (each try sends a message and counts against the limit). */
export const sendDirectDebitCode = (api: Api, phone: string) =>
  api.post<DirectDebitCodeResponse>('/api/directdebit-code.php', { phone }, { retries: 0 });
export const createDirectDebit = (api: Api, req: DirectDebitRequest) =>
  api.post<CreatePaymentResponse>('/api/directdebit.php', req, { retries: 0 });

/** Where the browser goes to pay (the provider's checkout); a seam for tests. */
export const redirect = { to: (url: string) => location.assign(url) };
