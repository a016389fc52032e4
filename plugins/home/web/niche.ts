import type { TFunction } from 'i18next';
import { NICHES, type SiteSettings } from '../../../kernel/contract/settings.ts';
import { toLocale } from '../../../kernel/contract/locales.ts';

export type NicheName = (typeof NICHES)[number];

/** The name of a site's niche (spec section 1: 1 default … 7 gay); an unknown number is the default. */
export const nicheName = (niche: number | undefined): NicheName => NICHES[(niche ?? 1) - 1] ?? 'default';

/**
 * The front page's title, description and lead for this reader. The operator's `index_title` and
 * `description` are written in the domain's language: readers of that language see them; readers of
 * another language, and every reader where they are empty (the default), see the niche's own texts
 * (home:niches.<niche>) in their language.
 */
export function frontTexts(settings: Pick<SiteSettings, 'niche' | 'index_title' | 'description' | 'domain_language' | 'name'>, t: TFunction, language: string) {
  const niche = nicheName(settings.niche);
  const own = language === toLocale(settings.domain_language);
  return {
    niche,
    title: (own && settings.index_title) || t(`home:niches.${niche}.title`),
    description: (own && settings.description) || t(`home:niches.${niche}.description`),
    lead: t(`home:niches.${niche}.lead`, { name: settings.name }),
  };
}

/** Puts the description into the page's `<meta name="description">` (made when the page has none). */
export function setMetaDescription(text: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}
