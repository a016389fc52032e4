// The payments API as the browser calls it (plugins/payments/contract.ts has the shapes).
import type { Api } from '../../../kernel/web/api.ts';
import type {
  CreatePaymentRequest, CreatePaymentResponse, CreditPackage, CreditsOffer, Currency, DirectDebitCodeResponse, DirectDebitInfo,
  DirectDebitRequest, Payment, Receipt,
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
/** Only the package and the method (and `repeat` from repeat order): the server works out the amount. */
export const createPayment = (api: Api, req: CreatePaymentRequest) =>
  api.post<CreatePaymentResponse>('/api/payments.php', { package_id: req.package_id, method: req.method, ...(req.repeat ? { repeat: true } : {}) }, { retries: 0 });

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
