/** The site settings of spec section 3, resolved per domain by GET /api/settings.php. */
export interface MinimumMessageCost { costs: number; currency: string }

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
  visible_profile_fields: string[];
  visible_profile_notes: boolean;
  search_fields: string[];
  cdn_prefix: string;
  message_credits: number;
  photo_credits: number;
  gift_credits: number;
  signup_credits: number;
  message_length: number;
  minimum_message_costs: Record<string, MinimumMessageCost>;
  support_email: string;
  support_phone: string;
  enable_site_entry_popup: 'yes' | 'no';
  push_public_key: string;
  fictional_warning: boolean;
  fictional_singular: string;
  fictional_plural: string;
  fictional_icon: string;
  refund_days: number;
  signups: string;                  // 'all' | 'with_trafficsource' | anything else = invite only
  logged_out_search: string;        // 'none' = not allowed
  logged_out_search_trafficsource: string;
  member_resell: boolean;
  niche: number;                    // 1..7: default, she, bdsm, bbw, gilf, milf, gay
  company_id: number;
  mail_name: string;
  /** Feature flags switched on for this domain (plugins without a feature flag are always on). */
  plugins: string[];
}

export const NICHES = ['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
