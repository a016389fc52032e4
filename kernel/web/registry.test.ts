import { observable, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { Registry } from './registry.ts';
import { definePlugin, type SlotContext } from './plugin.ts';

declare module './plugin.ts' {
  interface PanelSlots { 'test-actions': { n: number }; 'test-settings': object; 'test-nowhere': object }
}
import { testPlugin } from './testing.ts';

const page = async () => ({ default: () => null });
const ctxOf = (state: { loggedIn: boolean }) => ({ get loggedIn() { return state.loggedIn; } }) as unknown as SlotContext;

const plugins = [
  testPlugin({ id: 'auth', routes: [{ name: 'login', path: '/login', page }], navItems: [{ id: 'login', slot: 'top', order: 100, labelKey: 'l', when: (c) => !c.loggedIn }] }),
  testPlugin({ id: 'chat', feature: 'chat', requires: ['auth'], routes: [{ name: 'chats', path: '/chats', page }], navItems: [{ id: 'messages', slot: 'top', order: 20, labelKey: 'm', when: (c) => c.loggedIn }], attentionCount: () => 3 }),
  testPlugin({ id: 'likes', feature: 'likes', requires: ['chat'], navItems: [{ id: 'likes', slot: 'top', order: 20, labelKey: 'k' }], attentionCount: () => 2 }),
  testPlugin({ id: 'members', routes: [{ name: 'members', path: '/members', page }], navItems: [{ id: 'search', slot: 'top', order: 10, labelKey: 's' }] }),
];

describe('plugin registry', () => {
  it('enables plugins by their per-domain feature flag and their requirements', () => {
    const r = new Registry(plugins, ['likes'], ctxOf({ loggedIn: false }));
    // likes is switched on but needs chat, which is off here: both stay out.
    expect(r.plugins.map((p) => p.id)).toEqual(['auth', 'members']);
    expect(r.routes.map((x) => x.name)).toEqual(['login', 'members']);
    const all = new Registry(plugins, ['chat', 'likes'], ctxOf({ loggedIn: false }));
    expect(all.plugins.map((p) => p.id)).toEqual(['auth', 'chat', 'likes', 'members']);
  });

  it('sorts slot items by order then plugin id, filtered reactively by when()', () => {
    const state = observable({ loggedIn: false });
    const r = new Registry(plugins, ['chat', 'likes'], ctxOf(state));
    expect(r.navItems('top').map((n) => n.id)).toEqual(['search', 'likes', 'login']);
    runInAction(() => { state.loggedIn = true; });
    expect(r.navItems('top').map((n) => n.id)).toEqual(['search', 'messages', 'likes']);
  });

  it('collects the panels of one slot from every enabled plugin, in order, filtered by when()', () => {
    const state = observable({ loggedIn: false });
    const panel = async () => ({ default: () => null });
    const withPanels = [
      ...plugins,
      testPlugin({ id: 'extra', panels: [
        { id: 'b', slot: 'test-actions', order: 20, component: panel },
        { id: 'a', slot: 'test-actions', order: 10, component: panel, when: (c: SlotContext) => c.loggedIn },
        { id: 'c', slot: 'test-settings', order: 5, component: panel },
      ] }),
      testPlugin({ id: 'off', feature: 'off', panels: [{ id: 'x', slot: 'test-actions', order: 1, component: panel }] }),
    ];
    const r = new Registry(withPanels, [], ctxOf(state));
    expect(r.panels('test-actions').map((p) => p.id)).toEqual(['b']);
    runInAction(() => { state.loggedIn = true; });
    expect(r.panels('test-actions').map((p) => `${p.plugin}:${p.id}`)).toEqual(['extra:a', 'extra:b']);
    expect(r.panels('test-settings').map((p) => p.id)).toEqual(['c']);
    expect(r.panels('test-nowhere')).toEqual([]);
  });

  it('sums attention counts for the title and badge', () => {
    expect(new Registry(plugins, ['chat', 'likes'], ctxOf({ loggedIn: true })).attentionCount()).toBe(5);
  });

  it('refuses the same route name twice', () => {
    const twice = [plugins[0], testPlugin({ id: 'x', routes: [{ name: 'login', path: '/x', page }] })];
    expect(() => new Registry(twice, [], ctxOf({ loggedIn: false }))).toThrow(/login/);
  });

  it('keeps a failing condition from breaking the slot', () => {
    const bad = testPlugin({ id: 'bad', navItems: [{ id: 'boom', slot: 'top', order: 1, labelKey: 'b', when: () => { throw new Error('boom'); } }] });
    const r = new Registry([bad, plugins[3]], [], ctxOf({ loggedIn: false }));
    const spy = console.error;
    console.error = () => {};
    expect(r.navItems('top').map((n) => n.id)).toEqual(['search']);
    console.error = spy;
  });
});
