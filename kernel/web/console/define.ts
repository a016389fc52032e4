import type { ComponentType } from 'react';
import type { StaffView } from '../../contract/console.ts';

/**
 * What a plugin contributes to the operator console, from its own `plugins/<id>/console.ts`
 * (found by the console build only, so none of it reaches members' pages): its sections, each a
 * menu entry and a page at /operator/<section id>, shown to the roles it names. The console shell
 * (kernel/web/console) knows no plugin.
 */
export interface ConsoleSectionProps {
  /** The path's segments after /operator/<section id>/ (a payment's id, say). */
  path: string[];
}
export interface ConsoleSection {
  id: string;
  /** A key of the plugin's console texts (namespace `<plugin>-console`). */
  title: string;
  /** Who sees it: 'operator' (operators and admins) or 'admin'. The server checks every endpoint again. */
  role: StaffView['role'];
  /** Its place in the menu (small first). */
  order: number;
  /** The page, loaded when first opened. */
  page: () => Promise<{ default: ComponentType<ConsoleSectionProps> }>;
}
export interface ConsoleContribution {
  plugin: string;
  sections: ConsoleSection[];
}

export const defineConsole = (c: ConsoleContribution): ConsoleContribution => c;

/** The sections a staff member of this role sees, in menu order. */
export function sectionsFor(contributions: readonly ConsoleContribution[], role: StaffView['role']): (ConsoleSection & { plugin: string })[] {
  const all = contributions.flatMap((c) => c.sections.map((s) => ({ ...s, plugin: c.plugin })));
  const ids = new Set<string>();
  for (const s of all) {
    if (ids.has(s.id)) throw new Error(`console section ${s.id} is contributed twice`);
    ids.add(s.id);
  }
  return all.filter((s) => role === 'admin' || s.role === 'operator').sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
