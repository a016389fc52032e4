import { Bus } from '../../kernel/web/bus.ts';
import { DEFAULT_LOCALE, toLocale, type Locale } from '../../kernel/contract/locales.ts';
import type { SiteSettings } from '../../kernel/contract/settings.ts';
import { siteSettings } from '../../kernel/contract/api.ts';
import { createWidgetApi } from './api.ts';
import { createWidgetI18n, type WidgetNamespace } from './i18n.ts';
import type { WidgetEvents, WidgetKernel } from './context.ts';

export { WidgetKernelContext, useWidgetKernel, type WidgetKernel, type WidgetEvents } from './context.ts';

/** The language: the `lang` option, else the page's <html lang>, else the site's. */
export function widgetLocale(lang: unknown, site?: Pick<SiteSettings, 'domain_language'>): Locale {
  return toLocale(typeof lang === 'string' ? lang : null) ?? toLocale(document.documentElement.lang) ?? toLocale(site?.domain_language) ?? DEFAULT_LOCALE;
}

/** A widget's kernel on the site at `origin`: its settings and the texts of `namespaces` in the widget's language. */
export async function createWidgetKernel(origin: string, lang: unknown, namespaces: WidgetNamespace[]): Promise<WidgetKernel> {
  const bus = new Bus<WidgetEvents>();
  const api = createWidgetApi(origin, bus);
  const early = toLocale(typeof lang === 'string' ? lang : null) ?? toLocale(document.documentElement.lang);
  // Settings and texts in parallel when the language is known up front (the usual case).
  const [{ settings }, i18nEarly] = await Promise.all([
    api.call(siteSettings),
    early ? createWidgetI18n(early, namespaces) : Promise.resolve(null),
  ]);
  const locale = early ?? widgetLocale(null, settings);
  const i18n = i18nEarly ?? await createWidgetI18n(locale, namespaces);
  return { origin, api, i18n, settings, bus, locale };
}
