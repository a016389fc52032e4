import './ui/fonts.css';
import './ui/globals.ts';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { webPlugins } from '../../plugins/index.ts';
import { createKernel } from './kernel.ts';
import { readBootData } from './bootdata.ts';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import { isChunkLoadError, reloadForChunkError } from './chunks.ts';
import { preloaded } from './lazy.ts';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  try {
    // Settings, texts and the user come inline with the page when the server put them there.
    const { kernel, registry } = await createKernel(webPlugins, { boot: readBootData() });
    // The route first, then its page's chunk (preloaded by the HTML), then the first render: the
    // page paints in one go, without a spinner and a second render.
    kernel.router.start();
    await preloaded(3000);
    root.render(
      <KernelContext.Provider value={{ kernel, registry }}>
        <I18nextProvider i18n={kernel.i18n}>
          <App />
        </I18nextProvider>
      </KernelContext.Provider>,
    );
  } catch (err) {
    if (isChunkLoadError(err) && reloadForChunkError()) return;
    console.error(err);
    // Nothing is loaded yet (not even translations): a minimal retry screen.
    document.getElementById('root')!.innerHTML =
      '<p style="padding:40px;text-align:center;font-family:Arial">An error has occurred. <a href="">Try again</a></p>';
  }
}

void boot();
