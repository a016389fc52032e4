import { createContext, useContext } from 'react';
import type { Bus } from '../../kernel/web/bus.ts';
import type { Locale } from '../../kernel/contract/locales.ts';
import type { SiteSettings } from '../../kernel/contract/settings.ts';
import type { WidgetApi } from './api.ts';
import type { WidgetI18n } from './react-i18n.tsx';

/** What happens inside a widget (the page hears of it through DOM events, see README). */
export interface WidgetEvents {
  'auth:required': { path: string };
}

/**
 * The narrow kernel a widget runs on: the site's API, texts, settings and an event bus. No router,
 * no root store: a widget lives on someone else's page.
 */
export interface WidgetKernel {
  /** The site's origin (where the widget's files came from). */
  origin: string;
  api: WidgetApi;
  i18n: WidgetI18n;
  settings: SiteSettings;
  bus: Bus<WidgetEvents>;
  locale: Locale;
}

export const WidgetKernelContext = createContext<WidgetKernel | null>(null);

export function useWidgetKernel(): WidgetKernel {
  const k = useContext(WidgetKernelContext);
  if (!k) throw new Error('useWidgetKernel outside WidgetKernelContext');
  return k;
}
