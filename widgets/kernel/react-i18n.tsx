import { createContext, useContext, type ReactNode } from 'react';
import type { WidgetI18n } from './mini-i18n.ts';

/**
 * The widgets' translations: what the shared components use of react-i18next (`useTranslation()` →
 * `t` and `i18n.language`), over the app's own text files, without i18next itself (about 18 KiB gzip
 * of the widget's 100 KiB budget). The widgets build resolves `react-i18next` to this file
 * (rsbuild.config.ts), so plugin components run unchanged. Keys are "ns:a.b" (default namespace
 * kernel), values get {{name}} placeholders filled; a missing key gives options.defaultValue, else
 * the key, as i18next does. The texts the widgets show use no plurals or nesting.
 */
// The texts themselves (React-free: the swipe widget, on Preact, loads texts through widgets/kernel/i18n.ts too).
export { createMiniI18n, type WidgetI18n } from './mini-i18n.ts';

const Context = createContext<WidgetI18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: WidgetI18n; children?: ReactNode }) {
  return <Context.Provider value={i18n}>{children}</Context.Provider>;
}

export function useTranslation() {
  const i18n = useContext(Context);
  if (!i18n) throw new Error('useTranslation outside the widget I18nextProvider');
  return { t: i18n.t, i18n, ready: true };
}
