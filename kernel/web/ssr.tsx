// The app rendered on the server (Rsbuild's `ssr` environment builds this file for Node): an entry
// page for visitors (a route with `ssr: true`, the landing page at "/") arrives as HTML with the
// page in it and paints before any script has run; the browser then hydrates it with the same
// components, store and texts (boot.tsx). Only visitors: nothing personal is ever rendered here,
// so the HTML may be kept and shared (kernel/server/shell.ts caches it per domain, language,
// country and address).
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { enableStaticRendering } from 'mobx-react-lite';
import { webPlugins } from '../../plugins/index.ts';
import type { BootData } from '../contract/boot.ts';
import { createApi } from './api.ts';
import { App } from './App.tsx';
import { Bus } from './bus.ts';
import { KernelContext } from './context.ts';
import { createI18n, ensureNamespaces } from './i18n.ts';
import type { SlotContext, WebKernel } from './plugin.ts';
import { lazyOf, loadTextsWith, preload } from './lazy.ts';
import { Registry } from './registry.ts';
import { staticRouter } from './router.ts';
import { createRootStore } from './store.ts';
import { ownerNamespaces, pageNamespaces } from './texts.ts';
import { addIcons } from './ui/Icon.tsx';

enableStaticRendering(true);

/** Past this, the page is sent without its server rendering (the browser renders it as usual). */
const RENDER_TIMEOUT_MS = 2000;

/**
 * The page at `url` as HTML for the `#root` element, from the same boot block the browser gets;
 * null when the address is not a server-rendered page for visitors (the shell is sent as before).
 */
export async function renderPage(url: string, boot: BootData): Promise<string | null> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const bus = new Bus();
  const api = createApi({ bus });
  const settings = boot.settings;
  const i18n = await createI18n(boot.locale, boot.texts, Object.keys(boot.texts), { load: false });
  const ctx = {} as { -readonly [K in keyof SlotContext]: SlotContext[K] };
  const registry = new Registry(webPlugins, settings.plugins, ctx);
  addIcons(registry.icons);
  loadTextsWith((owners) => ensureNamespaces(i18n, owners.flatMap((o) => ownerNamespaces(registry.plugins, o))));
  const store = createRootStore(registry.plugins.flatMap((p) => (p.store ? [p.store] : [])), { api, bus, i18n });
  store.appState.setLocale(i18n.language);
  const router = staticRouter(registry.routes);
  const found = router.match(pathname);
  if (!found?.route.ssr || found.route.access !== 'visitor') return null;
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
  store.appState.setRoute({ name: found.route.name, layout: found.route.layout ?? 'default', path: pathname, params: found.params, query: Object.fromEntries(searchParams) });
  // The page's chunk is there before rendering (as in the browser, which waits for it too).
  await preload(found.route.page, pageNamespaces(registry.plugins, found.route, ctx));
  lazyOf(found.route.page, found.route.plugin);

  return new Promise<string | null>((resolve) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) { html += chunk.toString('utf8'); done(); },
      final(done) { resolve(html); done(); },
    });
    const stream = renderToPipeableStream(
      <KernelContext.Provider value={{ kernel, registry }}>
        <I18nextProvider i18n={i18n}><App /></I18nextProvider>
      </KernelContext.Provider>,
      {
        // Every lazy part resolved: the whole page, as the browser's first render will be.
        onAllReady() { stream.pipe(sink); },
        onShellError() { resolve(null); },
        onError(err) { console.error('ssr:', err); },
      },
    );
    setTimeout(() => { stream.abort(); resolve(null); }, RENDER_TIMEOUT_MS).unref();
  });
}
