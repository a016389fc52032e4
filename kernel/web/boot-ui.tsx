// What boot.tsx needs to render the app, evaluated in a task of its own (see boot.tsx).
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import type { WebKernel } from './plugin.ts';
import type { Registry } from './registry.ts';

export { when } from 'mobx';
export { preloaded } from './lazy.ts';

/**
 * Renders the app into `el`, or hydrates it when the server rendered it: as a transition, which React
 * renders in slices of a few milliseconds (not one long task), so a phone stays responsive and a tap
 * meanwhile waits for hydration (holdEarlyClicks).
 */
export function mount(el: HTMLElement, value: { kernel: WebKernel; registry: Registry }, rendered: boolean, onHydrated?: () => void) {
  const app = (
    <KernelContext.Provider value={value}>
      <I18nextProvider i18n={value.kernel.i18n}>
        <App onHydrated={onHydrated} />
      </I18nextProvider>
    </KernelContext.Provider>
  );
  if (rendered) startTransition(() => { hydrateRoot(el, app); });
  else {
    const root = createRoot(el);
    startTransition(() => root.render(app));
  }
}
