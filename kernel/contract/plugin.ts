import type { Static, TSchema } from 'typebox';
/**
 * What a plugin says about itself once, for both halves: `plugins/<id>/plugin.ts` exports one
 * descriptor; the browser manifest (`definePlugin(descriptor, {...})`) and the server plugin
 * (`defineServerPlugin(descriptor, {...})`) both start from it, so nothing is declared twice.
 */

/**
 * One setting a plugin owns. Its schema is exact (TypeBox): types, bounds, formats, and a `title`
 * and `description` a form can show; every update is checked against it (the failing path named),
 * and the operator console builds its forms from it.
 */
export interface SettingDef<S extends TSchema = TSchema> {
  schema: S;
  /** The value every domain has until its configuration says otherwise. */
  default: Static<S>;
  /**
   * Whether GET /api/settings.php may send it to the browser. Secrets and server-only knobs say
   * false: they never leave the server.
   */
  browser: boolean;
}

/** A setting: its value type is its schema's (`Type.Integer(…)`: number). */
export const setting = <const S extends TSchema>(def: SettingDef<S>): SettingDef<S> => def;

/** The value types of a descriptor's settings: `interface SiteSettings extends SettingValues<…> {}`. */
export type SettingValues<S> = { -readonly [K in keyof S]: S[K] extends SettingDef<infer T> ? Static<T> : never };

export interface PluginDescriptor {
  /** kebab-case; namespaces routes, events, texts, the store slice and the service refs. */
  id: string;
  /** Per-domain switch; absent = always on. A domain enables it by listing it in `plugins`. */
  feature?: string;
  /** Plugins this one needs; when one of them is off for a domain, this one is off there too. */
  requires?: readonly string[];
  /** Plugins used when they are on (set up before this one), without which this one still works. */
  optional?: readonly string[];
  /** The site settings this plugin owns (name -> schema, default, browser-visible). */
  settings?: Record<string, SettingDef>;
  /** The browser routes it owns: name -> navigo path (e.g. 'chats-id': '/chats/:id'). */
  routes?: Record<string, string>;
  /** Its i18n namespace: the id (files plugins/<id>/locales/<lang>.json; kernel/locales.test.ts refuses another name). */
  texts?: string;
}

export const definePluginDescriptor = <const D extends PluginDescriptor>(d: D): D => d;

/**
 * The plugins switched on for a site: those without a feature flag, and those whose flag is in
 * `features` (a site's resolved `plugins` list), each only while everything it requires is on.
 * The one switch both halves obey (routes, jobs, sockets, settings, every browser contribution).
 */
export function enabledPlugins<P extends Pick<PluginDescriptor, 'id' | 'feature' | 'requires'>>(all: readonly P[], features: readonly string[]): P[] {
  const on = new Map(all.filter((p) => !p.feature || features.includes(p.feature)).map((p) => [p.id, p]));
  for (let changed = true; changed;) {
    changed = false;
    for (const p of on.values()) {
      if ((p.requires ?? []).some((r) => !on.has(r))) {
        on.delete(p.id);
        changed = true;
      }
    }
  }
  return all.filter((p) => on.has(p.id));
}

/**
 * The plugins in an order where each comes after those it requires or optionally uses (by id
 * otherwise, so both halves agree); fails loudly on a cycle or a missing requirement.
 */
export function orderPlugins<P extends Pick<PluginDescriptor, 'id' | 'requires' | 'optional'>>(plugins: readonly P[]): P[] {
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const out: P[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: P, trail: string[]) => {
    if (state.get(p.id) === 'done') return;
    if (state.get(p.id) === 'visiting') throw new Error(`plugin cycle: ${[...trail, p.id].join(' -> ')}`);
    state.set(p.id, 'visiting');
    for (const r of p.requires ?? []) {
      const dep = byId.get(r);
      if (!dep) throw new Error(`plugin ${p.id} requires missing plugin ${r}`);
      visit(dep, [...trail, p.id]);
    }
    for (const r of p.optional ?? []) {
      const dep = byId.get(r);
      if (dep) visit(dep, [...trail, p.id]);
    }
    state.set(p.id, 'done');
    out.push(p);
  };
  // Code-unit order (ids are ASCII): localeCompare would load a collator on every page's boot.
  for (const p of [...plugins].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) visit(p, []);
  return out;
}
