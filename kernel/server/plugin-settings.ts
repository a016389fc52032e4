import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
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
  const all: Record<string, unknown> = { ...site };
  for (const name of KERNEL_SETTINGS) if (name in all) out[name] = all[name];
  for (const p of plugins) {
    if (!enabled.has(p.id)) continue;
    for (const [name, def] of Object.entries(p.settings ?? {})) if (def.browser && name in all) out[name] = all[name];
  }
  return out as Partial<SiteSettings>;
}

/**
 * Why a value does not fit a setting's schema (null when it does), naming the failing path:
 * "packages/EUR/1/price must be >= 1".
 */
export function settingProblem(schema: TSchema, value: unknown, where = 'value'): string | null {
  let check = checks.get(schema);
  if (!check) checks.set(schema, check = Compile(schema));
  if (check.Check(value)) return null;
  const first = [...check.Errors(value)][0];
  return `${where}${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`;
}
const checks = new WeakMap<TSchema, ReturnType<typeof Compile>>();
