import type { PluginInfo } from '../../../contract/console.ts';

/** The plugin and every plugin that requires it, directly or through others: what switching it off turns off too. */
export function offWith(plugins: readonly Pick<PluginInfo, 'id' | 'requires'>[], id: string): string[] {
  const off = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of plugins) {
      if (!off.has(p.id) && p.requires.some((r) => off.has(r))) {
        off.add(p.id);
        grew = true;
      }
    }
  }
  return plugins.map((p) => p.id).filter((p) => off.has(p));
}
