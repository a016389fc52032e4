import { act, lazy, Suspense, useState, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyChoices, isHydrated, whenHydrated } from './hydration.ts';

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

  it('gives back what was typed or picked before hydrating (before the code came, and while it hydrated) as input the handlers see', async () => {
    const picked: string[] = [];
    function Picker({ label }: { label: string }) {
      const [value, setValue] = useState('en');
      return <label>{label}<select value={value} onChange={(e) => { picked.push(`${label}:${e.target.value}`); setValue(e.target.value); }}>
        <option value="en">English</option><option value="de">Deutsch</option><option value="nl">Nederlands</option>
      </select></label>;
    }
    function Code() {
      const [value, setValue] = useState('');
      return <label>code<input value={value} onChange={(e) => { picked.push(`code:${e.target.value}`); setValue(e.target.value); }} /></label>;
    }
    const page = <div><Picker label="a" /><Picker label="b" /><Picker label="c" /><Code /></div>;
    const root = document.createElement('div');
    root.innerHTML = renderToString(page);
    document.body.append(root);
    const [a, b, c] = [...root.querySelectorAll('select')];
    const code = root.querySelector('input')!;
    // Typed before any code (a discount code, say).
    code.value = 'NOPE123';
    // Chosen before any code: only the DOM knows.
    a.value = 'de';
    a.dispatchEvent(new Event('change', { bubbles: true }));
    const release = holdEarlyChoices(root);
    // Chosen while the code is there but the page is not hydrated yet.
    b.value = 'nl';
    b.dispatchEvent(new Event('change', { bubbles: true }));
    // (whenHydrated, which the boot waits for, cannot see React's mark on a <select> in jsdom.)
    await act(async () => { hydrateRoot(root, page); });
    await act(async () => { release(); });
    expect(picked.sort()).toEqual(['a:de', 'b:nl', 'code:NOPE123']);
    expect([a.value, b.value, c.value, code.value]).toEqual(['de', 'nl', 'en', 'NOPE123']);
    // Later changes are the page's own: not given back twice.
    await act(async () => { release(); });
    expect(picked).toHaveLength(3);
  });
});
