import Type from 'typebox';
import type { SettingDef } from '../../contract/plugin.ts';

/**
 * The kernel's own site settings with exact schemas (titles, descriptions, bounds), as the plugins
 * declare theirs: the console's forms are built from them and every change is checked against them.
 * Their defaults come from the sites file's `default` row, so none is given here.
 */
const def = (schema: SettingDef['schema']): SettingDef => ({ schema, default: null, browser: true });
const Text = (title: string, description: string, maxLength = 200) => Type.String({ title, description, maxLength });

export const KERNEL_SETTING_DEFS: Record<string, SettingDef> = {
  canonical_url: def(Type.String({ title: 'Canonical URL', description: 'This site\'s own origin (https://example.com): every link in mails and push messages starts with it.', pattern: '^https?://[^/\\s?#]+$', maxLength: 300 })),
  name: def(Text('Site name', 'The brand shown in the header, titles and mails.', 100)),
  domain_language: def(Type.String({ title: 'Language', description: 'The domain\'s language and region, e.g. en-GB; its first two letters are the default locale.', pattern: '^(da|de|en|es|fi|fr|it|nl|no|pl|sv)(-[A-Z]{2})?$' })),
  index_title: def(Text('Home page title', 'The <title> of the landing page (empty: the site name).')),
  description: def(Text('Description', 'The meta description of the landing page.', 500)),
  countries: def(Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { title: 'Countries', description: 'ISO codes of the countries the site serves; the first is the fallback for visitors from elsewhere.', minItems: 1, maxItems: 60, uniqueItems: true })),
  cdn_prefix: def(Type.String({ title: 'CDN prefix', description: 'An https origin photos are served from (empty: this server).', pattern: '^(https://[^\\s]+)?$', maxLength: 300 })),
  support_email: def(Type.String({ title: 'Support e-mail', description: 'Where members write to; shown on the contact pages.', maxLength: 254 })),
  support_phone: def(Text('Support phone', 'Shown on the contact pages (empty: none).', 40)),
  fictional_warning: def(Type.Boolean({ title: 'Fictional-profile notice', description: 'Also say in plain words, on a fictional profile and in its conversation, that the site runs it. The icon and wording beside its name are always shown.' })),
  fictional_singular: def(Text('Fictional (singular)', 'The wording for one fictional profile, e.g. "fictional profile".', 100)),
  fictional_plural: def(Text('Fictional (plural)', 'The wording for several, e.g. "fictional profiles".', 100)),
  fictional_icon: def(Text('Fictional icon', 'The mark shown beside a fictional profile\'s name (an emoji or a short sign).', 8)),
  refund_days: def(Type.Integer({ title: 'Refund days', description: 'Days after a payment within which staff refund it without a stated reason.', minimum: 0, maximum: 365 })),
  member_resell: def(Type.Boolean({ title: 'Member resell', description: 'Members may resell credits (spec section 3).' })),
  niche: def(Type.Integer({ title: 'Niche', description: '1 default, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay: the audience, presets and look of the domain.', minimum: 1, maximum: 7 })),
  company_id: def(Type.Integer({ title: 'Company', description: 'The company that runs the domain (its legal pages and invoices).', minimum: 1, maximum: 1_000_000 })),
  mail_name: def(Text('Mail sender name', 'The name mails come from.', 100)),
  widget_origins: def(Type.Array(Type.String({ pattern: '^https://[a-z0-9.-]+(:\\d+)?$', maxLength: 300 }), { title: 'Widget origins', description: 'Partner pages (https origins) that may embed this site\'s widgets.', maxItems: 200, uniqueItems: true })),
  plugins: def(Type.Array(Type.String({ pattern: '^(\\*|-?[a-z0-9-]+)$' }), { title: 'Features', description: 'The features switched on: "*" for all, "-name" to switch one off.', maxItems: 100, uniqueItems: true })),
};
