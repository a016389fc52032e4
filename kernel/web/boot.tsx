import './ui/fonts.css';
import './ui/globals.ts';
import { readBootData } from './bootdata.ts';
import { isChunkLoadError, reloadForChunkError } from './chunks.ts';
import { yieldToMain } from './yield.ts';
import { loadWebPlugins } from '../../plugins/index.ts';

// The app's code is in this file's chunks, but its modules run in many short tasks, not one (eager
// imports: no request, evaluated when asked; the plugins one by one): on a phone, evaluating it all
// at once blocks the page the server rendered for a quarter of a second.
const evaluate = {
  kernel: () => import(/* webpackMode: "eager" */ './kernel.ts'),
  reactDom: () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  ui: () => import(/* webpackMode: "eager" */ './boot-ui.tsx'),
};

async function boot() {
  const el = document.getElementById('root')!;
  // An entry page for visitors came rendered from the server (kernel/web/ssr.tsx): hydrate it.
  const rendered = el.hasChildNodes();
  // Hydrating's own code comes beside the kernel's set-up (only such a page needs it). The page's
  // buttons and links show before they work: from then on a tap waits for hydration, not lost.
  let releaseClicks = () => {};
  let releaseChoices = () => {};
  const hydrating = rendered ? import('./hydration.ts').then((h) => { releaseClicks = h.holdEarlyClicks(el); releaseChoices = h.holdEarlyChoices(el); return h; }) : null;
  try {
    // Settings, texts and the user come inline with the page when the server put them there.
    // Boot runs as short tasks (yieldToMain between its pieces), and the first render is a transition,
    // which React renders in slices of a few milliseconds: a phone stays responsive while the app starts.
    await yieldToMain();
    const webPlugins = await loadWebPlugins(yieldToMain);
    const { createKernel } = await evaluate.kernel();
    await yieldToMain();
    const boot = readBootData();
    // The Intl objects the server's render made (a collator, a currency format): made here, one per
    // short task, they are not made inside hydrating's render, where each was a long task on a phone.
    const intl = rendered && boot?.intl?.length ? import('../contract/intl.ts').catch(() => null) : null;
    const { kernel, registry, setup } = await createKernel(webPlugins, { boot, deferSetup: rendered, pause: yieldToMain });
    await yieldToMain();
    await evaluate.reactDom();
    await yieldToMain();
    const { when, preloaded, mount } = await evaluate.ui();
    // <html data-ready> once every plugin is set up: a page the server rendered shows before it works,
    // and uptime monitors and the journeys can tell the difference.
    when(() => kernel.appState.settled, () => { document.documentElement.dataset.ready = ''; });
    // The route first, then its page's chunk (preloaded by the HTML), then the first render: the
    // page paints in one go, without a spinner and a second render.
    kernel.router.start();
    // A server-rendered page also waits for the code of the parts the server rendered in it (the
    // footer, a banner, the panels of its cards): React hydrates it all at once, and no part is
    // left waiting for its code while the page's state moves on (at most 3 s).
    const hydration = await hydrating;
    const loading = Promise.all([preloaded(3000), ...(hydration?.loadRenderedParts(el, registry.plugins) ?? [])]);
    await Promise.race([loading, new Promise((r) => setTimeout(r, 3000))]);
    await (await intl)?.makeIntl(boot?.intl, yieldToMain);
    await yieldToMain();
    // What this browser adds to a hydrated page (a modal the visitor must see, say) comes once it is hydrated.
    mount(el, { kernel, registry }, rendered, hydration ? () => void hydration.whenHydrated(el).then(() => { releaseChoices(); releaseClicks(); return setup(); }) : undefined);
  } catch (err) {
    releaseChoices();
    releaseClicks();
    if (isChunkLoadError(err) && reloadForChunkError()) return;
    console.error(err);
    // Nothing is loaded yet (not even translations): a minimal retry screen.
    document.getElementById('root')!.innerHTML =
      '<p style="padding:40px;text-align:center;font-family:Arial">An error has occurred. <a href="">Try again</a></p>';
  }
}

void boot();
