import type { WebPlugin } from './plugin.ts';
import { loadFooter } from './layouts/Layouts.tsx';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loader = () => Promise<{ default: any }>;
export interface LazyPart { loader: Loader; owner?: string }

/**
 * Every lazily loaded part of the app (pages, layouts, alerts, banners, panels, the footer) under a
 * name the server and the browser share: the server names the parts a page it rendered used
 * (kernel/web/ssr.tsx), and the browser loads those before hydrating it (boot.tsx), so hydration
 * never waits on a part's code while the page's state moves on.
 */
export function lazyParts(plugins: readonly WebPlugin[]): Map<string, LazyPart> {
  const parts = new Map<string, LazyPart>([['kernel:footer', { loader: loadFooter }]]);
  for (const p of plugins) {
    for (const r of p.pages ?? []) parts.set(`${p.id}:page:${r.name}`, { loader: r.page, owner: p.id });
    for (const l of p.layouts ?? []) parts.set(`${p.id}:layout:${l.name}`, { loader: l.component, owner: p.id });
    for (const a of p.alerts ?? []) parts.set(`${p.id}:alert:${a.id}`, { loader: a.component, owner: p.id });
    for (const b of p.banners ?? []) parts.set(`${p.id}:banner:${b.id}`, { loader: b.component, owner: p.id });
    for (const x of p.panels ?? []) parts.set(`${p.id}:panel:${x.id}`, { loader: x.component, owner: p.id });
  }
  return parts;
}

/** The names of these loaders (the parts a render used). */
export function partNames(parts: Map<string, LazyPart>, used: Iterable<Loader>): string[] {
  const byLoader = new Map([...parts].map(([name, part]) => [part.loader, name]));
  return [...new Set([...used].flatMap((l) => byLoader.get(l) ?? []))].sort();
}
