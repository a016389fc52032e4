/**
 * What a plugin says about itself once, for both halves: `plugins/<id>/plugin.ts` exports one
 * descriptor; the browser manifest (`definePlugin(descriptor, {...})`) and the server plugin
 * (`defineServerPlugin(descriptor, {...})`) both start from it, so nothing is declared twice.
 */

/** A JSON schema for one setting's value (checked when an operator changes it). */
export type SettingSchema = Record<string, unknown>;

export interface SettingDef<T = unknown> {
  schema: SettingSchema;
  /** The value every domain has until its configuration says otherwise. */
  default: T;
  /**
   * Whether GET /api/settings.php may send it to the browser. Secrets and server-only knobs say
   * false: they never leave the server.
   */
  browser: boolean;
}

export interface PluginDescriptor {
  /** kebab-case; namespaces routes, events, texts, the store slice and the service refs. */
  id: string;
  /** Per-domain switch; absent = always on. A domain enables it by listing it in `plugins`. */
  feature?: string;
  /** Plugins this one needs; when one of them is off for a domain, this one is off there too. */
  requires?: readonly string[];
  /** The site settings this plugin owns (name -> schema, default, browser-visible). */
  settings?: Record<string, SettingDef>;
  /** The browser routes it owns: name -> navigo path (e.g. 'chats-id': '/chats/:id'). */
  routes?: Record<string, string>;
  /** Its i18n namespace (default: the id). */
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
