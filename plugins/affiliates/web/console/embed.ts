import { widgetSnippet } from '../../../../widgets/snippet.ts';

/** What an affiliate's embed snippet carries: their tracking parameters and the widget's options. */
export interface EmbedParams {
  network: string;
  ref: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
  /** A widget language (empty: the partner page's). */
  lang?: string;
  /** The swipe widget's niche (empty: the site's). */
  niche?: string;
}

/** A value for a snippet: a JS string literal that cannot end the <script> it sits in. */
const literal = (v: string) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The element the swipe snippet shows its deck in. */
export const SWIPE_TARGET = 'flirt-swipe';

/** The `flirt('signup' | 'swipe', { … })` command with the affiliate's parameters (empty ones left out). */
export function embedCommand(widget: 'signup' | 'swipe', p: EmbedParams): string {
  const options: [string, string][] = [];
  for (const key of ['network', 'ref', 'sub1', 'sub2', 'sub3', 'lang'] as const) {
    const v = p[key]?.trim();
    if (v) options.push([key, v]);
  }
  if (widget === 'swipe') {
    if (p.niche?.trim()) options.push(['niche', p.niche.trim()]);
    options.push(['target', `#${SWIPE_TARGET}`]);
  }
  return `flirt(${literal(widget)}, { ${options.map(([k, v]) => `${k}: ${literal(v)}`).join(', ')} });`;
}

/** The whole snippet a partner pastes (the loader from the site's origin, then the command). */
export function embedSnippet(siteOrigin: string, widget: 'signup' | 'swipe', p: EmbedParams): string {
  const snippet = widgetSnippet(siteOrigin, embedCommand(widget, p));
  return widget === 'swipe' ? `<div id="${SWIPE_TARGET}"></div>\n${snippet}` : snippet;
}
