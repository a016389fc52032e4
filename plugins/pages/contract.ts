/** The operating company of a site (spec section 3), from GET /api/companyinfo.php. */
export interface CompanyInfo {
  id: number;
  name: string;
  address: string;
  kvk: string;            // chamber of commerce number
  city: string;
  country: string;
  tradenames: string[];
  vat_numbers: string[];
  support_phone: string;
  delete_discount: number; // percent offered to members about to delete their account
  added: string;           // ISO 8601: when the company started operating the site
}
export interface CompanyInfoResponse { company: CompanyInfo }

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
