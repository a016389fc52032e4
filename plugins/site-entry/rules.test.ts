import { describe, expect, it } from 'vitest';
import { shouldWarn } from './rules.ts';
import type { SlotContext } from '../../kernel/web/plugin.ts';

const ctx = (o: { loggedIn?: boolean; layout?: string; geo?: string | null; popup?: string }) => ({
  loggedIn: o.loggedIn ?? false,
  route: { layout: o.layout ?? 'default' },
  settings: { enable_site_entry_popup: o.popup ?? 'yes', countries: ['GB', 'NL', 'DE'], geoip_country: o.geo === undefined ? 'GB' : o.geo, geoip_selected_country: 'GB' },
}) as unknown as SlotContext;
const env = { skipped: false, standalone: false };

describe('site-entry warning', () => {
  it('warns logged-out visitors from served countries on the default layout', () => {
    expect(shouldWarn(ctx({}), env)).toBe(true);
    expect(shouldWarn(ctx({ geo: null }), env)).toBe(true); // unknown country: the site's own
  });
  it('stays away from members, the installed app, after dismissal and where switched off', () => {
    expect(shouldWarn(ctx({ loggedIn: true }), env)).toBe(false);
    expect(shouldWarn(ctx({}), { ...env, standalone: true })).toBe(false);
    expect(shouldWarn(ctx({}), { ...env, skipped: true })).toBe(false);
    expect(shouldWarn(ctx({ popup: 'no' }), env)).toBe(false);
    expect(shouldWarn(ctx({ geo: 'US' }), env)).toBe(false);
  });
  it('on the chat layout warns only NL and DE visitors, and never on landers', () => {
    expect(shouldWarn(ctx({ layout: 'chat', geo: 'NL' }), env)).toBe(true);
    expect(shouldWarn(ctx({ layout: 'chat', geo: 'GB' }), env)).toBe(false);
    expect(shouldWarn(ctx({ layout: 'lander' }), env)).toBe(false);
    expect(shouldWarn(ctx({ layout: 'empty' }), env)).toBe(false);
  });
});
