import { useTranslation } from 'react-i18next';
import type { FooterLinkDef, LayoutDef, NavItemDef } from './plugin.ts';

/**
 * Which text namespaces a page needs: the kernel's, its route's owner's, and those of the labels its
 * layout shows from the main bundle (navigation, footer links). Everything else a plugin shows is
 * lazily loaded and brings its owner's texts along (lazy.ts). The browser kernel decides with the
 * enabled plugins of the domain; the build (scripts/route-table.ts) with all of them, and the server
 * keeps those of the enabled plugins when it fills a page's boot block.
 */

/** What the decision reads of a plugin (a WebPlugin fits). */
export interface TextSource {
  id: string;
  /** The plugin's namespace (descriptor `texts`); its files are plugins/<id>/texts/<lang>.json. */
  texts?: string;
  navItems?: readonly Pick<NavItemDef, 'labelKey'>[];
  footerLinks?: readonly Pick<FooterLinkDef, 'labelKey'>[];
  layouts?: readonly Pick<LayoutDef, 'name'>[];
}

/** The kernel's layouts that show the navigation, and those that show the footer. */
export const NAV_LAYOUTS: ReadonlySet<string> = new Set(['default', 'chat']);
export const FOOTER_LAYOUTS: ReadonlySet<string> = new Set(['default', 'lander']);

export const namespaceOf = (p: Pick<TextSource, 'id' | 'texts'>) => p.texts ?? p.id;
/** `chat:nav.label` -> chat; a key without a namespace is the kernel's. */
export const namespaceOfKey = (key: string) => (key.includes(':') ? key.slice(0, key.indexOf(':')) : 'kernel');

const unique = (xs: Iterable<string>) => [...new Set(xs)];

/** The namespaces of every nav item of these plugins (visible or not: logging in must not wait). */
export function navNamespaces(plugins: readonly TextSource[]): string[] {
  return unique(plugins.flatMap((p) => (p.navItems ?? []).flatMap((n) => [namespaceOf(p), namespaceOfKey(n.labelKey)])));
}

/** The namespaces of every footer link of these plugins. */
export function footerNamespaces(plugins: readonly TextSource[]): string[] {
  return unique(plugins.flatMap((p) => (p.footerLinks ?? []).flatMap((f) => [namespaceOf(p), namespaceOfKey(f.labelKey)])));
}

/**
 * The namespaces a page needs before it renders. `route`: its owner and layout; null for an
 * address no route matches (the error page in the default layout).
 */
export function pageNamespaces(plugins: readonly TextSource[], route: { plugin: string; layout?: string } | null): string[] {
  const layout = route?.layout ?? 'default';
  const ns = ['kernel'];
  const owner = route && plugins.find((p) => p.id === route.plugin);
  if (route) ns.push(owner ? namespaceOf(owner) : route.plugin);
  // A plugin's own layout is lazily loaded with its texts; it is named here so the first paint has them.
  const layoutOwner = plugins.find((p) => p.layouts?.some((l) => l.name === layout));
  if (layoutOwner) ns.push(namespaceOf(layoutOwner));
  if (NAV_LAYOUTS.has(layout)) ns.push(...navNamespaces(plugins));
  if (FOOTER_LAYOUTS.has(layout)) ns.push(...footerNamespaces(plugins));
  return unique(ns);
}

/**
 * Suspends until these namespaces are there (react-i18next loads them through the i18n backend):
 * for labels of other plugins that the main bundle renders (nav items, footer links).
 */
export function useTexts(namespaces: readonly string[]) {
  return useTranslation(['kernel', ...namespaces.filter((n) => n !== 'kernel')]);
}
