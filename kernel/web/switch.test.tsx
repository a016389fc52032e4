import { describe, expect, it } from 'vitest';
import { Registry } from './registry.ts';
import type { SlotContext, WebPlugin } from './plugin.ts';
import { enabledPlugins } from '../contract/plugin.ts';
import { allWebPlugins } from '../../plugins/index.ts';
import { fixtureWebPlugins } from '../../test-fixtures/index.ts';

const webPlugins = allWebPlugins();

// The one switch in the browser: with a feature off for the domain, the plugin and every plugin
// that requires it contribute nothing (routes, navigation, panels, alerts, banners, modals, footer
// links, store slices); the others are all there. The server half is kernel/server/switch.test.ts.
// The example plugin, found in test-fixtures/ by the same discovery as the product's plugins.
const plugins: WebPlugin[] = [...webPlugins, ...fixtureWebPlugins];
const features = plugins.flatMap((p) => (p.feature ? [p.feature] : []));
const ctx = {} as SlotContext;
// What the registry will offer the layouts (before each item's own `when`), by owner.
const contributions = (r: Registry) => {
  const of = (kind: 'navItems' | 'panels' | 'alerts' | 'banners' | 'footerLinks') => r.plugins.flatMap((p) => (p[kind] ?? []).map(() => p.id));
  return {
    routes: r.routes.map((x) => x.plugin),
    nav: of('navItems'),
    panels: of('panels'),
    alerts: of('alerts'),
    banners: of('banners'),
    footer: of('footerLinks'),
    modals: plugins.flatMap((p) => (p.modals ?? []).map((m) => r.modal(m.id)?.plugin)).filter(Boolean),
    stores: r.plugins.flatMap((p) => (p.store ? [p.id] : [])),
    icons: Object.keys(r.icons),
  };
};

describe('one switch, in the browser', () => {
  it('finds every plugin folder, and the fixture is only in this test', () => {
    expect(webPlugins.map((p) => p.id)).toEqual(expect.arrayContaining(['auth', 'chat', 'likes', 'members', 'signup', 'swipe-game']));
    expect(webPlugins.map((p) => p.id)).not.toContain('hello');
    expect(fixtureWebPlugins.map((p) => p.id)).toEqual(['hello']);
  });

  it('shows everything with every feature on', () => {
    const all = contributions(new Registry(plugins, features, ctx));
    expect(new Set(all.routes)).toEqual(new Set(plugins.filter((p) => p.pages?.length).map((p) => p.id)));
    expect(all.nav).toContain('hello');
    expect(all.panels).toContain('hello');
  });

  for (const feature of features) {
    it(`drops ${feature} and whatever requires it when ${feature} is off`, () => {
      const on = new Set(enabledPlugins(plugins, features.filter((f) => f !== feature)).map((p) => p.id));
      const off = plugins.filter((p) => !on.has(p.id)).map((p) => p.id);
      expect(off).toContain(plugins.find((p) => p.feature === feature)!.id);
      const registry = new Registry(plugins, features.filter((f) => f !== feature), ctx);
      expect(registry.plugins.map((p) => p.id).sort()).toEqual([...on].sort());
      const { icons, ...rest } = contributions(registry);
      for (const [kind, owners] of Object.entries(rest)) {
        expect({ kind, from: owners.filter((o) => off.includes(o!)) }).toEqual({ kind, from: [] });
      }
      for (const p of plugins.filter((x) => off.includes(x.id))) {
        for (const icon of Object.keys(p.icons ?? {})) expect(icons).not.toContain(icon);
      }
      // What the others contribute is still there (e.g. the login page).
      expect(registry.serving('login')?.plugin).toBe('auth');
    });
  }
});
