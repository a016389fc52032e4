import type { SlotContext } from '../../kernel/web/plugin.ts';

export const SKIP_KEY = 'skipped-site-entry-warning';
/** The chat layout warns only visitors from these countries. */
export const CHAT_LAYOUT_COUNTRIES = ['NL', 'DE'];

/**
 * The adult-content warning: once, to logged-out visitors outside the installed app, unless the
 * domain switched it off or the visitor's country is not served; on the chat layout only for NL
 * and DE; never on landers and the empty layout.
 */
export function shouldWarn(ctx: SlotContext, env: { skipped: boolean; standalone: boolean }): boolean {
  const s = ctx.settings;
  if (ctx.loggedIn || env.skipped || env.standalone || s.enable_site_entry_popup === 'no') return false;
  const country = s.geoip_country ?? s.geoip_selected_country;
  if (!country || !s.countries.includes(country)) return false;
  const layout = ctx.route.layout;
  if (layout === 'chat') return CHAT_LAYOUT_COUNTRIES.includes(country);
  return layout === 'default';
}
