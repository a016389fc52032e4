import { autorun, reaction } from 'mobx';
import type { i18n as I18n } from 'i18next';
import { createApi, type Api } from './api.ts';
import { Bus } from './bus.ts';
import { createI18n, ensureNamespaces, initialLocale, rememberLocale } from './i18n.ts';
import { Registry } from './registry.ts';
import { createRouter, type RouteMatch } from './router.ts';
import { createRootStore } from './store.ts';
import { loadTextsWith, preload, trackChunkLoads } from './lazy.ts';
import { ownerNamespaces, pageTexts } from './texts.ts';
import { createScrollKeeper } from './scroll.ts';
import { setAppBadge, windowTitle } from './title.ts';
import { startPolling } from './poll.ts';
import { startRealtime } from './realtime.ts';
import { toLocale, type Locale } from '../contract/locales.ts';
import type { SiteSettings } from '../contract/settings.ts';
import type { BootData } from '../contract/boot.ts';
import type { RouteDef, SlotContext, WebKernel, WebPlugin } from './plugin.ts';
import { addIcons } from './ui/Icon.tsx';
import { siteSettings } from '../contract/api.ts';

export async function loadSettings(api: Api): Promise<SiteSettings> {
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const { settings } = await api.call(siteSettings, { query: { ...query, forced_domain: location.hostname } });
  return settings;
}

/**
 * Builds the browser kernel for this domain: settings decide the plugins, the plugins decide the
 * store, routes and slots. Returns once the first page can render. With `boot` (the server's inline
 * block) settings, texts and plugin data come from the page itself instead of one request after another.
 */
export async function createKernel(plugins: WebPlugin[], deps: { api?: Api; bus?: Bus; settings?: SiteSettings; i18n?: I18n; boot?: BootData | null; deferSetup?: boolean; pause?: () => Promise<void> } = {}) {
  // The browser's boot passes a yield (yield.ts): the pieces below then run as separate short tasks.
  const pause = deps.pause ?? (async () => {});
  const bus = deps.bus ?? new Bus();
  const api = deps.api ?? createApi({ bus });
  const boot = deps.boot ?? null;
  const settings = deps.settings ?? boot?.settings ?? await loadSettings(api);
  const locale = initialLocale(settings.domain_language);
  // The boot block carries the texts of the first page; the kernel's own are needed in any case.
  const i18n = deps.i18n ?? await createI18n(locale, boot?.locale === locale ? boot.texts : undefined, undefined, { partial: boot?.partialTexts });

  // The context object is created first and filled below: slots read it lazily.
  const ctx = {} as { -readonly [K in keyof SlotContext]: SlotContext[K] };
  const registry = new Registry(plugins, settings.plugins, ctx);
  addIcons(registry.icons);
  await pause();
  // A plugin's lazily loaded parts bring its texts along (lazy.ts), and those of the plugins it requires.
  loadTextsWith((owners) => ensureNamespaces(i18n, owners.flatMap((o) => ownerNamespaces(registry.plugins, o))));
  const store = createRootStore(registry.plugins.flatMap((p) => (p.store ? [p.store] : [])), { api, bus, i18n });
  // Making the store and its first use (MobX-State-Tree makes each slice when first read) are two
  // tasks of some 30 ms each on a phone: apart, neither is a long task.
  await pause();
  store.appState.setLocale(i18n.language);
  await pause();
  trackChunkLoads(async (p) => {
    store.appState.startLoading();
    try { return await p; } finally { store.appState.stopLoading(); }
  });

  const scroll = createScrollKeeper();
  const onMatch = (route: RouteDef<string> | null, m: RouteMatch) => {
    const login = registry.serving('login')?.name;
    const home = registry.serving('members-home')?.name;
    const forMembers = route?.access === 'member' || route?.access === 'operator';
    if (forMembers && !store.appState.loggedIn && login) {
      return router.navigate(login, {}, { redirect: m.path + (Object.keys(m.query).length ? `?${new URLSearchParams(m.query)}` : '') }, { replace: true });
    }
    if (route?.guestsOnly && store.appState.loggedIn) {
      return router.go(m.query.redirect ?? (home ? router.href(home) : '/'), { replace: true });
    }
    store.appState.setRoute({ name: route?.name ?? '', layout: route?.layout ?? 'default', ...m });
    // A member who is no operator on an operator's page: the 403 page (the API refuses them too).
    if (route?.access === 'operator' && store.appState.loggedIn && !store.appState.operator) store.appState.showError(403, '');
    // The page's chunk starts loading now, before React renders the layout that asks for it (React
    // renders after this handler). Its texts too: the kernel's, its owner's, and those of the labels
    // its layout shows this visitor (texts.ts).
    const registered = route && registry.routes.find((r) => r.name === route.name);
    const texts = pageTexts(registry.plugins, registered ?? null, ctx);
    // The labels' namespaces count as there when the page holds their labels (the boot block's).
    const labels = Object.keys(texts.labels).filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
    if (registered) void preload(registered.page, [...texts.full, ...labels]);
    else void ensureNamespaces(i18n, texts.full, labels);
    bus.emit('route:changed', { name: route?.name ?? '', path: m.path });
    // navigo updates the address after this handler: key by the match, not by location.
    const qs = new URLSearchParams(m.query).toString();
    scroll.arrive(qs ? `${m.path}?${qs}` : m.path);
  };
  const router = createRouter(registry.routes, onMatch);
  const areas = new Map(registry.routes.map((r) => [r.name as string, r.area ?? null]));

  Object.defineProperties(ctx, {
    store: { get: () => store },
    appState: { get: () => store.appState },
    loggedIn: { get: () => store.appState.loggedIn },
    route: { get: () => store.appState.route },
    area: { get: () => areas.get(store.appState.route.name) ?? null },
    settings: { value: settings },
  });

  const realtime = startRealtime({ bus, api, appState: store.appState });
  const kernel: WebKernel = {
    api, bus, i18n, router, settings, store, appState: store.appState, ctx, realtime,
    bootData: <T,>(name: string) => (boot && name in boot.data ? boot.data[name] as T : undefined),
    async setLocale(value) {
      const next = toLocale(value);
      if (!next) return;
      // Loads every namespace held so far in the new language (the i18n backend), then switches.
      await i18n.changeLanguage(next);
      rememberLocale(next);
      document.documentElement.lang = next;
      store.appState.setLocale(next);
      bus.emit('locale:changed', { locale: next });
    },
  };
  document.documentElement.lang = locale as Locale;

  for (const p of registry.plugins) p.hydrate?.(kernel);
  for (const p of registry.plugins) await p.boot?.(kernel);
  await pause();
  // The plugins' subscriptions and timers (they may open a modal, say): at once, or — when the page
  // came rendered from the server — once the browser has hydrated it (what the server rendered
  // first, then what this browser adds: `setup()` below).
  const disposers: (() => void)[] = [];
  const setup = async () => {
    for (const p of registry.plugins) {
      if (!p.setup) continue;
      disposers.push(p.setup(kernel));
      await pause();
    }
    store.appState.settle();
  };
  if (!deps.deferSetup) await setup();

  // A lost session (403 authentication_required) is the same as logging out.
  disposers.push(bus.on('auth:required', () => store.appState.setUserId(null)));
  disposers.push(autorun(() => {
    const count = registry.attentionCount();
    const def = registry.routes.find((r) => r.name === store.appState.route.name);
    store.appState.locale; // re-title on language change
    document.title = windowTitle(count, def?.titleKey ? i18n.t(def.titleKey) : null, settings.name);
    setAppBadge(count);
  }));
  // Nav items that appear later (logging in, a `when` turning true) bring their labels' texts along.
  disposers.push(reaction(
    () => JSON.stringify(pageTexts(registry.plugins, registry.routes.find((r) => r.name === store.appState.route.name) ?? null, ctx)),
    (json) => { const t = JSON.parse(json) as ReturnType<typeof pageTexts>; void ensureNamespaces(i18n, t.full, Object.keys(t.labels)); },
  ));
  // Logging in or out (or a role change) re-decides what the current address may show.
  disposers.push(reaction(() => [store.appState.loggedIn, store.appState.operator], () => {
    const route = registry.routes.find((r) => r.name === store.appState.route.name);
    if (route && (route.access !== 'visitor' || route.guestsOnly)) router.go(location.pathname + location.search, { replace: true });
  }));

  disposers.push(scroll.dispose, startPolling(kernel), realtime.dispose);
  return { kernel, registry, setup: deps.deferSetup ? setup : async () => {}, dispose: () => { disposers.forEach((d) => d()); router.destroy(); } };
}
