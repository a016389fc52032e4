import { act, lazy, Suspense, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { isHydrated, whenHydrated } from './hydration.ts';

// act() flushes React's work in these tests (Testing Library sets this for its own renders).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => { document.body.innerHTML = ''; });

describe('hydration', () => {
  it('whenHydrated waits for the parts React hydrates after the first commit (inside Suspense)', async () => {
    let resolve!: (m: { default: () => ReactElement }) => void;
    const Part = lazy(() => new Promise<{ default: () => ReactElement }>((r) => { resolve = r; }));
    const Shown = () => <span>part</span>;
    const html = renderToString(<div><h1>page</h1><Suspense fallback={null}><Shown /></Suspense><link rel="preload" as="image" href="/a.jpg" /></div>);
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    expect(isHydrated(root)).toBe(false);
    await act(async () => { hydrateRoot(root, <div><h1>page</h1><Suspense fallback={null}><Part /></Suspense><link rel="preload" as="image" href="/a.jpg" /></div>); });
    // The page is React's; the part waits for its code.
    expect(Object.keys(root.querySelector('h1')!).some((k) => k.startsWith('__reactFiber$'))).toBe(true);
    expect(isHydrated(root)).toBe(false);
    let done = false;
    const waiting = whenHydrated(root).then(() => { done = true; });
    await new Promise((r) => setTimeout(r, 120));
    expect(done).toBe(false);
    await act(async () => { resolve({ default: Shown }); });
    await waiting;
    expect(isHydrated(root)).toBe(true);
  });
});
