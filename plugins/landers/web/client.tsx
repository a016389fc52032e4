/** @jsxImportSource preact */
// The landers' script (its own small build, rsbuild.config.ts `landers`): hydrates the page the
// server rendered from the same components and data, and turns the signup links into the signup
// dialog (the signup widget, loaded on the first click) with the visitor's tracking data.
import { hydrate, render } from 'preact';
import './landers.css';
import type { LanderFrame } from '../contract.ts';
import { LANDER_MODULES } from '../pages/registry.ts';

/** Written by the server (server/render.tsx): the frame and data the page was rendered from. */
const LANDER_BOOT_ID = 'lander-boot';

interface Boot { frame: LanderFrame; data: unknown }
declare global { interface Window { landerRender?: () => string } }


const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
/** The visitor's tracking data: from the address, else the cookie the server set from it. */
function tracking(): Record<string, string> {
  const q = new URLSearchParams(location.search);
  const out: Record<string, string> = {};
  for (const k of TRACKING_KEYS) { const v = q.get(k); if (v) out[k] = v; }
  if (Object.keys(out).length) return out;
  try {
    const m = /(?:^|; )tracking=([^;]*)/.exec(document.cookie);
    return m ? JSON.parse(decodeURIComponent(m[1])) as Record<string, string> : {};
  } catch { return {}; }
}


/**
 * What a call to action asks of the signup: `data-after="/path"` (continue there afterwards) and
 * `data-interests="a,b"` (the new profile's interests; the widget keeps members' keys only).
 */
function signupExtras(el: Element): Record<string, unknown> {
  const after = el.getAttribute('data-after');
  const interests = el.getAttribute('data-interests');
  return { ...(after ? { after } : {}), ...(interests ? { interests: interests.split(',').filter(Boolean) } : {}) };
}

/** The signup dialog over the lander (the signup widget of this very site; no third-party cookie involved). */
function openSignup(frame: LanderFrame, extra: Record<string, unknown>) {
  const w = window;
  if (!w.flirt) {
    // The snippet partners paste, in code: a queue the loader takes over.
    const queue: [unknown, unknown][] = [];
    w.flirt = Object.assign((name: unknown, options?: unknown) => void queue.push([name, options]), { q: queue });
    const s = document.createElement('script');
    s.async = true;
    s.src = '/widgets/loader.js';
    document.head.append(s);
  }
  w.flirt('signup', { ...tracking(), lang: frame.locale, ...extra });
}

async function start() {
  const el = document.getElementById(LANDER_BOOT_ID);
  const root = document.getElementById('lander');
  if (!el || !root) return;
  const boot = JSON.parse(el.textContent ?? '{}') as Boot;
  const load = LANDER_MODULES[boot.frame.lander];
  if (!load) return;
  const { default: Lander } = await load();
  const page = <Lander frame={boot.frame} data={boot.data as never} />;
  hydrate(page, root);
  // What a fresh browser render of the same data gives: the end-to-end tests compare it with what
  // the server sent (any difference is a hydration mismatch).
  window.landerRender = () => {
    const el = document.createElement('div');
    render(<Lander frame={boot.frame} data={boot.data as never} />, el);
    return el.innerHTML;
  };
  // One listener for every call to action, whatever the lander rendered.
  root.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a[data-signup]');
    if (!a || e.defaultPrevented || (e as MouseEvent).button !== 0 || (e as MouseEvent).metaKey || (e as MouseEvent).ctrlKey) return;
    e.preventDefault();
    openSignup(boot.frame, signupExtras(a));
  });
  // A signup form in the page (`data-signup-inline`: the profile signup lander) is the widget shown in place.
  for (const el of root.querySelectorAll('[data-signup-inline]')) openSignup(boot.frame, { ...signupExtras(el), target: el });
  document.documentElement.dataset.hydrated = 'true';
  // A visit from a traffic source is recorded as on any page of the site (the affiliates plugin's rules).
  if (/[?&](?:network|ref|sub[123]|click_?id)=[^&]/.test(location.search)) {
    void import('../../affiliates/ui.ts').then((m) => m.trackLanderVisit({ lander: boot.frame.lander, niche: boot.frame.niche })).catch(() => {});
  }
}

void start();
