/**
 * The site settings of spec section 3, resolved per domain by GET /api/settings.php. The kernel's
 * own are here; each plugin declares the settings it owns in its descriptor (plugins/<id>/plugin.ts:
 * schema, default, browser-visible) and merges their types in by declaration merging.
 */
export interface SiteSettings {
  domain: string;
  /**
   * "https://example.com": this site's own origin. Every absolute link the server writes (mails,
   * push, unsubscribe links) starts with it; never with a request's Host. https in production.
   */
  canonical_url: string;
  domain_language: string;          // e.g. "en-GB"; its first 2 letters are the default locale
  name: string;
  index_title: string;
  description: string;
  countries: string[];              // ISO alpha-2 codes the site serves
  geoip_country: string | null;     // the visitor's country, when known
  geoip_selected_country: string;   // geoip_country when served, else the first served country
  cdn_prefix: string;
  support_email: string;
  support_phone: string;
  fictional_warning: boolean;
  fictional_singular: string;
  fictional_plural: string;
  fictional_icon: string;
  refund_days: number;
  member_resell: boolean;
  niche: number;                    // 1..7: default, she, bdsm, bbw, gilf, milf, gay
  company_id: number;
  mail_name: string;
  /**
   * Origins ("https://partner.example") whose pages may embed this site's widgets: the API answers
   * their cross-origin calls (kernel/server/cors.ts). Empty: no embedding.
   */
  widget_origins: string[];
  /** Feature flags switched on for this domain (plugins without a feature flag are always on). */
  plugins: string[];
}

/** The settings the kernel owns: all of them may go to the browser (no secrets among them). */
export const KERNEL_SETTINGS = [
  'domain', 'canonical_url', 'domain_language', 'name', 'index_title', 'description', 'countries', 'geoip_country',
  'geoip_selected_country', 'cdn_prefix', 'support_email', 'support_phone', 'fictional_warning', 'fictional_singular',
  'fictional_plural', 'fictional_icon', 'refund_days', 'member_resell', 'niche', 'company_id', 'mail_name', 'plugins',
  'widget_origins',
] as const;

export const NICHES = ['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
