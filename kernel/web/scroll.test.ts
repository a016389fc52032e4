import { describe, expect, it, vi } from 'vitest';
import { createScrollKeeper } from './scroll.ts';

function fakeWindow() {
  const listeners: Record<string, () => void> = {};
  const win = {
    scrollY: 0,
    history: { scrollRestoration: 'auto' },
    addEventListener: (e: string, f: () => void) => { listeners[e] = f; },
    removeEventListener: vi.fn(),
    scrollTo: (_x: number, y: number) => { win.scrollY = y; },
    requestAnimationFrame: (f: () => void) => { f(); return 1; },
  };
  return { win, pop: () => listeners.popstate() };
}

describe('scroll keeper', () => {
  it('starts new pages at the top and returns to the old spot on Back', () => {
    const { win, pop } = fakeWindow();
    const keeper = createScrollKeeper(win as unknown as Window);
    expect(win.history.scrollRestoration).toBe('manual');
    keeper.arrive('/members?country=GB');
    win.scrollY = 900;
    keeper.arrive('/members/12');
    expect(win.scrollY).toBe(0);
    pop();
    keeper.arrive('/members?country=GB');
    expect(win.scrollY).toBe(900);
    // A fresh visit to the same list (a link, not Back) starts at the top.
    keeper.arrive('/members/12');
    keeper.arrive('/members?country=GB');
    expect(win.scrollY).toBe(0);
  });
});
