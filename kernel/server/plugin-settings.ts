import { KERNEL_SETTINGS, type SiteSettings } from '../contract/settings.ts';
import type { PluginDescriptor, SettingDef } from '../contract/plugin.ts';

/** Every plugin's settings: the defaults every domain starts from and who owns each name. */
export interface PluginSettings {
  defaults: Record<string, unknown>;
  owners: Map<string, { plugin: string; def: SettingDef }>;
}

export function pluginSettings(plugins: readonly PluginDescriptor[]): PluginSettings {
  const defaults: Record<string, unknown> = {};
  const owners = new Map<string, { plugin: string; def: SettingDef }>();
  for (const p of plugins) {
    for (const [name, def] of Object.entries(p.settings ?? {})) {
      const other = owners.get(name);
      if (other || (KERNEL_SETTINGS as readonly string[]).includes(name)) {
        throw new Error(`setting ${name} of plugin ${p.id} is already owned by ${other?.plugin ?? 'the kernel'}`);
      }
      owners.set(name, { plugin: p.id, def });
      defaults[name] = def.default;
    }
  }
  return { defaults, owners };
}

/**
 * What GET /api/settings.php may send for a site: the kernel's settings and, of the plugins on for
 * it, those marked for the browser. Anything else (server-only settings, settings of switched-off
 * plugins, names nobody owns) stays on the server.
 */
export function browserSettings(site: SiteSettings, plugins: readonly PluginDescriptor[], enabled: ReadonlySet<string>): Partial<SiteSettings> {
  const out: Record<string, unknown> = {};
  const all = site as unknown as Record<string, unknown>;
  for (const name of KERNEL_SETTINGS) if (name in all) out[name] = all[name];
  for (const p of plugins) {
    if (!enabled.has(p.id)) continue;
    for (const [name, def] of Object.entries(p.settings ?? {})) if (def.browser && name in all) out[name] = all[name];
  }
  return out as Partial<SiteSettings>;
}

/**
 * Why a value does not fit a setting's schema (null when it does): the JSON-schema keywords the
 * descriptors use (type, enum, minimum, maximum, maxLength, items).
 */
export function settingProblem(schema: Record<string, unknown>, value: unknown, where = 'value'): string | null {
  const type = schema.type as string | undefined;
  const is: Record<string, (v: unknown) => boolean> = {
    string: (v) => typeof v === 'string',
    integer: (v) => Number.isInteger(v),
    number: (v) => typeof v === 'number' && Number.isFinite(v),
    boolean: (v) => typeof v === 'boolean',
    array: (v) => Array.isArray(v),
    object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  };
  if (type && is[type] && !is[type](value)) return `${where} must be of type ${type}`;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return `${where} must be one of ${schema.enum.join(', ')}`;
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return `${where} must be >= ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return `${where} must be <= ${schema.maximum}`;
  }
  if (typeof value === 'string' && typeof schema.maxLength === 'number' && value.length > schema.maxLength) return `${where} is longer than ${schema.maxLength}`;
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    for (let i = 0; i < value.length; i++) {
      const p = settingProblem(schema.items as Record<string, unknown>, value[i], `${where}[${i}]`);
      if (p) return p;
    }
  }
  return null;
}
