// The app rendered on the server (Rsbuild's `ssr` environment builds this file for Node): a page
// whose route has `ssr: true` (the landing page at "/", the members' search) arrives as HTML with
// the page in it and paints before any script has run; the browser then hydrates it with the same
// components, store and texts (boot.tsx). A visitor's page holds nothing personal and may be kept
// and shared (kernel/server/shell.ts caches it per domain, language, country and address); a
// member's is rendered from their own boot block for them alone.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { enableStaticRendering } from 'mobx-react-lite';
import { allWebPlugins } from '../../plugins/index.ts';
import type { BootData } from '../contract/boot.ts';
import { noteIntlWith, type IntlUse } from '../contract/intl.ts';
import { createApi } from './api.ts';
import { App } from './App.tsx';
import { Bus } from './bus.ts';
import { KernelContext } from './context.ts';
import { createI18n, heldWhole, holdsPartly } from './i18n.ts';
import type { SlotContext, WebKernel } from './plugin.ts';
import { lazyOf, loadTextsWith, preload, recordLazyWith } from './lazy.ts';
import { lazyParts, partNames } from './lazy-parts.ts';
import { Registry } from './registry.ts';
import { staticRouter } from './router.ts';
import { createRootStore } from './store.ts';
import { ownerNamespaces, pageTexts } from './texts.ts';
import { addIcons } from './ui/Icon.tsx';

const webPlugins = allWebPlugins();

enableStaticRendering(true);

// What one render uses, apart from the others running at the same time (one per request): the
// lazy parts it rendered, and how their texts come (from the server's files, into its i18n).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface RenderScope { loaders: Set<() => Promise<any>>; texts(owners: readonly string[]): void; intl: Map<string, IntlUse> }
const scope = new AsyncLocalStorage<RenderScope>();
recordLazyWith((loader, owner) => {
  scope.getStore()?.loaders.add(loader);
  if (owner) scope.getStore()?.texts([owner]);
});
loadTextsWith(async (owners) => scope.getStore()?.texts(owners));
noteIntlWith((use, key) => { scope.getStore()?.intl.set(key, use); });

/**
 * A page as HTML for `#root`, the names of the lazy parts it holds (lazy-parts.ts), the text
 * namespaces its parts showed beyond the boot block's (the page must carry them for hydrating), and
 * the Intl objects its render made (the browser makes them before hydrating: kernel/contract/intl.ts).
 */
export interface RenderedPage { html: string; parts: string[]; texts: string[]; intl: IntlUse[] }

/** One namespace's texts in the page's language from the server's files, or null when it has none. */
export type ReadTexts = (ns: string) => Record<string, unknown> | null;

/** Past this, the page is sent without its server rendering (the browser renders it as usual). */
const RENDER_TIMEOUT_MS = 2000;

/**
 * The page at `url` as HTML for the `#root` element, from the same boot block the browser gets;
 * null when the address is not a page the server renders for this visitor or member (the shell is
 * sent as before).
 */
export async function renderPage(url: string, boot: BootData, readTexts: ReadTexts = () => null): Promise<RenderedPage | null> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const bus = new Bus();
  const api = createApi({ bus });
  const settings = boot.settings;
  const i18n = await createI18n(boot.locale, boot.texts, Object.keys(boot.texts), { load: false, partial: boot.partialTexts });
  const ctx = {} as { -readonly [K in keyof SlotContext]: SlotContext[K] };
  const registry = new Registry(webPlugins, settings.plugins, ctx);
  addIcons(registry.icons);
  const store = createRootStore(registry.plugins.flatMap((p) => (p.store ? [p.store] : [])), { api, bus, i18n });
  store.appState.setLocale(i18n.language);
  const router = staticRouter(registry.routes);
  const found = router.match(pathname);
  if (!found?.route.ssr) return null;
  const areas = new Map(registry.routes.map((r) => [r.name as string, r.area ?? null]));
  Object.defineProperties(ctx, {
    store: { get: () => store },
    appState: { get: () => store.appState },
    loggedIn: { get: () => store.appState.loggedIn },
    route: { get: () => store.appState.route },
    area: { get: () => areas.get(store.appState.route.name) ?? null },
    settings: { value: settings },
  });
  const kernel: WebKernel = {
    api, bus, i18n, router, settings, store, appState: store.appState, ctx,
    realtime: { send: () => false, connected: false },
    bootData: <T,>(name: string) => (name in boot.data ? boot.data[name] as T : undefined),
    async setLocale() {},
  };
  // The state the browser starts from too (plugins' `hydrate`: the member, a page's first data).
  for (const p of registry.plugins) p.hydrate?.(kernel);
  // Only what the browser will show at this address itself: not a page it sends elsewhere (a member
  // on a page for guests, a visitor on a members' page).
  const { access, guestsOnly } = found.route;
  if (access === 'operator' || (access === 'member' && !store.appState.loggedIn) || (guestsOnly && store.appState.loggedIn)) return null;
  store.appState.setRoute({ name: found.route.name, layout: found.route.layout ?? 'default', path: pathname, params: found.params, query: Object.fromEntries(searchParams) });
  const added = new Set<string>();
  const render: RenderScope = {
    loaders: new Set([found.route.page]),
    intl: new Map(),
    texts(owners) {
      for (const ns of owners.flatMap((o) => ownerNamespaces(registry.plugins, o))) {
        // Held whole, or only its labels (a part of that plugin shows more: the whole comes with the page).
        if (i18n.hasResourceBundle(i18n.language, ns) && !holdsPartly(i18n, ns)) continue;
        i18n.addResourceBundle(i18n.language, ns, readTexts(ns) ?? {}, true, true);
        heldWhole(i18n, ns);
        added.add(ns);
      }
    },
  };

  return scope.run(render, async () => {
    // The page's chunk is there before rendering (as in the browser, which waits for it too).
    // Its texts; of the plugins whose labels alone the layout shows, the boot block's labels do.
    const texts = pageTexts(registry.plugins, found.route, ctx);
    await preload(found.route.page, [...texts.full, ...Object.keys(texts.labels).filter((ns) => !i18n.hasResourceBundle(i18n.language, ns))]);
    lazyOf(found.route.page, found.route.plugin);
    return new Promise<RenderedPage | null>((resolve) => {
      let html = '';
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) { html += chunk.toString('utf8'); done(); },
        final(done) { resolve({ html, parts: partNames(lazyParts(registry.plugins), render.loaders), texts: [...added].sort(), intl: [...render.intl.values()] }); done(); },
      });
      const stream = renderToPipeableStream(
        <KernelContext.Provider value={{ kernel, registry }}>
          <I18nextProvider i18n={i18n}><App /></I18nextProvider>
        </KernelContext.Provider>,
        {
          // Every lazy part resolved: the whole page, as the browser's first render will be.
          onAllReady() { stream.pipe(sink); },
          // In place, in one piece: React would otherwise send a large part (a page of search results)
          // after the rest with an inline script to move it in, which the pages' CSP (no inline
          // scripts) refuses.
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          onShellError() { resolve(null); },
          onError(err) { console.error('ssr:', err); },
        },
      );
      setTimeout(() => { stream.abort(); resolve(null); }, RENDER_TIMEOUT_MS).unref();
    });
  });
}
