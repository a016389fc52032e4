import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';

/** The operating company of a site (spec section 3), from GET /api/companyinfo.php. */
export const CompanyInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  /** Chamber of commerce number. */
  kvk: Type.String(),
  city: Type.String(),
  country: Type.String(),
  tradenames: Type.Array(Type.String()),
  vat_numbers: Type.Array(Type.String()),
  support_phone: Type.String(),
  /** Percent offered to members about to delete their account. */
  delete_discount: Type.Number(),
  /** ISO 8601: when the company started operating the site. */
  added: Type.String(),
});
export type CompanyInfo = Static<typeof CompanyInfo>;
export const CompanyInfoResponse = Type.Object({ company: CompanyInfo });
export type CompanyInfoResponse = Static<typeof CompanyInfoResponse>;

/** GET /api/companyinfo.php: the company operating this site. */
export const companyInfo = endpoint({
  method: 'GET', path: '/api/companyinfo.php', access: 'visitor',
  response: CompanyInfoResponse,
});

export const STATIC_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'complaints', 'return_policy', 'faq', 'service'] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

/** The terms' version date: 2023-12-01 12:00 UTC, or later when the company was added after that. */
export const TERMS_BASE_DATE = '2023-12-01T12:00:00Z';
export function termsDate(added: string | null | undefined): string {
  const base = Date.parse(TERMS_BASE_DATE);
  const at = added ? Date.parse(added) : NaN;
  return new Date(Number.isFinite(at) && at > base ? at : base).toISOString();
}

/** Support phone as dialled: dashes and spaces removed. */
export const cleanPhone = (phone: string) => phone.replace(/[-\s]/g, '');
