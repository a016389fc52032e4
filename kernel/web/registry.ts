import { computed, type IComputedValue } from 'mobx';
import { ACCESS_LEVELS, type AlertDef, type BannerDef, type FooterLinkDef, type LayoutDef, type LayoutName, type LayoutSlot, type ModalDef, type ModalId, type ModalOf, type NavItemDef, type PanelDef, type PanelOf, type PanelSlot, type RouteDef, type SlotContext, type WebPlugin } from './plugin.ts';
import { enabledPlugins, orderPlugins } from '../contract/plugin.ts';

/** Plain code-unit order: ids are ASCII, and localeCompare would load a collator at boot. */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Owned<T> = T & { plugin: string };
/** A route with its owner and its navigo pattern (from the owner's descriptor). */
export type RegisteredRoute = Owned<RouteDef<string>> & { path: string };

const byOrder = <T extends { plugin: string }>(key: (t: T) => number) => (a: T, b: T) =>
  key(a) - key(b) || byId(a.plugin, b.plugin);

/**
 * The enabled plugins of this domain and everything they contribute. A plugin is enabled when
 * its feature flag is on (or it has none) and every plugin it requires is enabled too.
 */
export class Registry {
  readonly plugins: WebPlugin[];
  readonly routes: RegisteredRoute[];
  /** Icons of the enabled plugins (name -> SVG path). */
  readonly icons: Record<string, string>;
  private readonly slots = new Map<string, IComputedValue<unknown[]>>();

  constructor(all: WebPlugin[], enabledFeatures: string[], private readonly ctx: SlotContext) {
    // The one switch (kernel/contract/plugin.ts), the same the server obeys.
    this.plugins = orderPlugins(enabledPlugins(all, enabledFeatures));
    this.routes = this.plugins.flatMap((p) => (p.pages ?? []).map((r) => {
      const path = p.routes?.[r.name];
      if (!path) throw new Error(`plugin ${p.id}: route ${r.name} is not in its descriptor`);
      // No page is public by oversight: each says who may see it.
      if (!ACCESS_LEVELS.includes(r.access)) throw new Error(`plugin ${p.id}: route ${r.name} declares no access level (access: 'visitor' | 'member' | 'operator')`);
      return { ...r, plugin: p.id, path };
    }));
    const names = new Set<string>();
    for (const r of this.routes) {
      if (names.has(r.name)) throw new Error(`route ${r.name} is registered twice`);
      names.add(r.name);
    }
    this.icons = Object.assign({}, ...this.plugins.map((p) => p.icons ?? {}));
  }

  /** The route that serves as the login page or the members' home, when a plugin offers one. */
  serving(what: NonNullable<RouteDef['serves']>): RegisteredRoute | undefined {
    return this.routes.find((r) => r.serves === what);
  }

  layout(name: LayoutName): Owned<LayoutDef> | undefined {
    for (const p of this.plugins) {
      const l = p.layouts?.find((x) => x.name === name);
      if (l) return { ...l, plugin: p.id };
    }
    return undefined;
  }

  private slot<T>(name: string, make: () => T[]): T[] {
    let c = this.slots.get(name);
    if (!c) this.slots.set(name, (c = computed(make)));
    return c.get() as T[];
  }

  private visible = (item: { when?: (ctx: SlotContext) => boolean }) => {
    try {
      return !item.when || item.when(this.ctx);
    } catch (err) {
      console.error('slot condition failed', err);
      return false;
    }
  };

  navItems(slot: NavItemDef['slot']): Owned<NavItemDef>[] {
    return this.slot(`nav:${slot}`, () => this.plugins
      .flatMap((p) => (p.navItems ?? []).filter((n) => n.slot === slot).map((n) => ({ ...n, plugin: p.id })))
      .filter(this.visible).sort(byOrder((n) => n.order)));
  }

  /** The alerts shown in `layout` (an alert's `layouts`, default ['default']), highest priority first. */
  alerts(dismissed: (key: string) => boolean, layout: LayoutName = 'default'): Owned<AlertDef>[] {
    return this.plugins
      .flatMap((p) => (p.alerts ?? []).map((a) => ({ ...a, plugin: p.id })))
      .filter((a) => (a.layouts ?? ['default']).includes(layout) && !(a.dismiss && dismissed(a.dismiss)) && this.visible(a))
      .sort(byOrder((a) => -a.priority));
  }

  /** The visible contributions to a layout slot (`banner`, `below-nav`), in order. */
  banners(slot: LayoutSlot): Owned<BannerDef>[] {
    return this.slot(`layout:${slot}`, () => this.plugins
      .flatMap((p) => (p.banners ?? []).filter((b) => b.slot === slot).map((b) => ({ ...b, plugin: p.id })))
      .filter(this.visible).sort(byOrder((b) => b.order)));
  }

  footerLinks(): Owned<FooterLinkDef>[] {
    return this.slot('footer', () => this.plugins
      .flatMap((p) => (p.footerLinks ?? []).map((f) => ({ ...f, plugin: p.id })))
      .filter(this.visible).sort(byOrder((f) => f.order)));
  }

  panels<S extends PanelSlot>(slot: S): Owned<PanelOf<S>>[] {
    return this.slot(`panel:${slot}`, () => this.plugins
      .flatMap((p) => (p.panels ?? []).filter((x): x is PanelDef & PanelOf<S> => x.slot === slot).map((x) => ({ ...x, plugin: p.id })))
      .filter(this.visible).sort(byOrder((x) => x.order)));
  }

  modal<K extends ModalId>(id: K): Owned<ModalOf<K>> | undefined {
    for (const p of this.plugins) {
      const m = p.modals?.find((x): x is ModalDef & ModalOf<K> => x.id === id);
      if (m) return { ...m, plugin: p.id };
    }
    return undefined;
  }

  /** Unread messages + new likes + whatever else asks for attention. */
  attentionCount(): number {
    return this.slot('attention', () => [this.plugins.reduce((sum, p) => {
      try {
        return sum + (p.attentionCount?.(this.ctx) ?? 0);
      } catch {
        return sum;
      }
    }, 0)])[0] as number;
  }
}

