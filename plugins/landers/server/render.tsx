/** @jsxImportSource preact */
import { renderToString } from 'preact-render-to-string';
import type { LanderFrame } from '../contract.ts';
import { LANDER_MODULES } from '../pages/registry.ts';
import { scriptSafe } from '../../../kernel/server/shell.ts';
import type { LanderAssets } from './assets.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LanderPage {
  frame: LanderFrame;
  data: unknown;
  title: string;
  description: string;
  /** The picture the page paints largest first (preloaded with high priority). */
  hero?: string | null;
}

/** The element the page renders into and the JSON the browser hydrates from (client.tsx). */
export const LANDER_ROOT_ID = 'lander';
export const LANDER_BOOT_ID = 'lander-boot';

/**
 * A lander as the complete HTML document: the same component the browser hydrates, rendered here
 * with the same frame and data (inline, so the browser asks for nothing before it paints).
 */
export async function renderLander(page: LanderPage, assets: LanderAssets): Promise<string> {
  const load = LANDER_MODULES[page.frame.lander];
  if (!load) throw new Error(`no lander ${page.frame.lander}`);
  const { default: Lander } = await load();
  const body = renderToString(<Lander frame={page.frame} data={page.data as never} />);
  const chunk = assets.chunk(page.frame.lander);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="theme-color" content="#733675">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    '<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">',
    page.hero ? `<link rel="preload" as="image" href="${escapeHtml(page.hero)}" fetchpriority="high">` : '',
    assets.script ? `<link rel="preload" as="script" href="${assets.script}">` : '',
    chunk ? `<link rel="preload" as="script" href="${chunk}">` : '',
    assets.css ? `<style>${assets.css}</style>` : '',
  ].filter(Boolean).join('');
  const boot = scriptSafe(JSON.stringify({ frame: page.frame, data: page.data }));
  return `<!doctype html><html lang="${escapeHtml(page.frame.locale)}"><head>${head}</head><body>`
    + `<div id="${LANDER_ROOT_ID}">${body}</div>`
    + `<script type="application/json" id="${LANDER_BOOT_ID}">${boot}</script>`
    + (assets.script ? `<script src="${assets.script}" defer></script>` : '')
    + '</body></html>';
}
