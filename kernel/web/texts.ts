import { useTranslation } from 'react-i18next';
import type { FooterLinkDef, LayoutDef, NavItemDef, SlotContext } from './plugin.ts';

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
  /** The plugin's namespace (descriptor `texts`); its files are plugins/<id>/locales/<lang>.json. */
  texts?: string;
  /** The plugins it needs: its parts may show their texts (their components, their labels). */
  requires?: readonly string[];
  navItems?: readonly Pick<NavItemDef, 'labelKey' | 'slot' | 'when'>[];
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

/**
 * The namespaces a plugin's parts show: its own and those of the plugins it requires (a signup page
 * shows account's and members' texts through their components), of those in `plugins`.
 */
export function ownerNamespaces(plugins: readonly TextSource[], id: string): string[] {
  const p = plugins.find((x) => x.id === id);
  if (!p) return [id];
  const required = (p.requires ?? []).flatMap((r) => plugins.filter((x) => x.id === r)).map(namespaceOf);
  return unique([namespaceOf(p), ...required]);
}

/** What the nav decision reads of the slot context (the browser's, or one the build makes up). */
export type NavContext = Pick<SlotContext, 'loggedIn'> & Partial<SlotContext>;

/**
 * Whether the navigation shows an item: the account menu only to members, an item with `when`
 * when it says so. A `when` that fails counts as shown (`failed`): the build would rather carry a
 * text too many than make the browser fetch one.
 */
export function navItemShown(item: Pick<NavItemDef, 'slot' | 'when'>, ctx: NavContext, failed = true): boolean {
  if (item.slot === 'account' && !ctx.loggedIn) return false;
  try {
    return !item.when || item.when(ctx as SlotContext);
  } catch {
    return failed;
  }
}

/**
 * The namespaces of the nav items' labels: those shown in `ctx`, or, without one, all of them
 * (the build's superset for a domain it does not know).
 */
export function navNamespaces(plugins: readonly TextSource[], ctx?: NavContext): string[] {
  return unique(plugins.flatMap((p) => (p.navItems ?? []).filter((n) => !ctx || navItemShown(n, ctx)).map((n) => namespaceOfKey(n.labelKey))));
}

/** The namespaces of the footer links' labels. */
export function footerNamespaces(plugins: readonly TextSource[]): string[] {
  return unique(plugins.flatMap((p) => (p.footerLinks ?? []).map((f) => namespaceOfKey(f.labelKey))));
}

/**
 * The namespaces a page needs before it renders. `route`: its owner and layout; null for an
 * address no route matches (the error page in the default layout). `ctx`: who looks (decides
 * which nav items show); without it every nav item counts.
 */
export function pageNamespaces(plugins: readonly TextSource[], route: { plugin: string; layout?: string } | null, ctx?: NavContext): string[] {
  const { full, labels } = pageTexts(plugins, route, ctx);
  return unique([...full, ...Object.keys(labels)]);
}

/**
 * A page's texts in two kinds: `full`, the namespaces its own parts show (the kernel's, its owner's,
 * its layout's), and `labels`, of the other plugins only the keys of the labels its layout shows
 * (navigation, footer links), by namespace. The page's HTML carries the labels alone: the whole of
 * a plugin's texts (its legal pages, its payment texts) comes when one of its own parts shows.
 */
export function pageTexts(plugins: readonly TextSource[], route: { plugin: string; layout?: string } | null, ctx?: NavContext): { full: string[]; labels: Record<string, string[]> } {
  const layout = route?.layout ?? 'default';
  const full = ['kernel'];
  if (route) full.push(...ownerNamespaces(plugins, route.plugin));
  // A plugin's own layout is lazily loaded with its texts; it is named here so the first paint has them.
  const layoutOwner = plugins.find((p) => p.layouts?.some((l) => l.name === layout));
  if (layoutOwner) full.push(...ownerNamespaces(plugins, layoutOwner.id));
  const keys = [
    ...(NAV_LAYOUTS.has(layout) ? plugins.flatMap((p) => (p.navItems ?? []).filter((n) => !ctx || navItemShown(n, ctx)).map((n) => n.labelKey)) : []),
    ...(FOOTER_LAYOUTS.has(layout) ? plugins.flatMap((p) => (p.footerLinks ?? []).map((f) => f.labelKey)) : []),
  ];
  const labels: Record<string, string[]> = {};
  for (const key of keys) {
    const ns = namespaceOfKey(key);
    if (full.includes(ns)) continue;
    const own = key.slice(ns.length + 1);
    if (!(labels[ns] ??= []).includes(own)) labels[ns].push(own);
  }
  return { full: unique(full), labels };
}

/**
 * The texts of a route's page for a visitor and for a member, decided at build time without a
 * domain: the route is known, settings and stores are not (a `when` that needs them counts as shown).
 */
export function routeTexts(plugins: readonly TextSource[], route: { name: string; plugin: string; layout?: string; area?: SlotContext['area'] }) {
  const as = (loggedIn: boolean): NavContext => ({
    loggedIn,
    route: { name: route.name, layout: (route.layout ?? 'default') as SlotContext['route']['layout'], path: '', params: {}, query: {} },
    area: route.area ?? null,
  });
  const visitor = pageTexts(plugins, route, as(false)), member = pageTexts(plugins, route, as(true));
  return {
    visitor: unique([...visitor.full, ...Object.keys(visitor.labels)]), member: unique([...member.full, ...Object.keys(member.labels)]),
    labels: { visitor: visitor.labels, member: member.labels },
  };
}

/**
 * Suspends until these namespaces are there (react-i18next loads them through the i18n backend):
 * for labels of other plugins that the main bundle renders (nav items, footer links). The kernel
 * loads them with the page; this holds back only an item that appears later (after logging in).
 */
export function useTexts(namespaces: readonly string[]) {
  const translation = useTranslation('kernel');
  const { i18n } = translation;
  // Labels are enough here: a namespace the page holds only the labels of counts as there. One that
  // failed to load counts as loaded, as react-i18next has it (the label shows its key; no retry loop).
  const missing = namespaces.filter((n) => n !== 'kernel' && !i18n.hasResourceBundle(i18n.language, n) && !i18n.hasLoadedNamespace(n));
  if (missing.length) throw i18n.loadNamespaces(missing); // suspends until they are
  return translation;
}
