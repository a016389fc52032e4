import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderPlugins } from '../../../kernel/contract/plugin.ts';
import { allWebPlugins } from '../../index.ts';
import { landerOf, trackVisit, visitFrom, type BounceReport, type VisitTransport } from './visit.ts';
import type { VisitRequest } from '../contract.ts';

function fakeTransport(answer = { source: 'S'.repeat(22), bounce: true }) {
  const visits: VisitRequest[] = [];
  const bounces: BounceReport[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => { release = r; });
  const transport: VisitTransport = {
    visit: async (body) => { visits.push(body); await gate; return answer; },
    bounce: (body) => void bounces.push(body),
  };
  return { transport, visits, bounces, release };
}

describe('affiliates in the browser: what the address says', () => {
  it('reads the tracking parameters, the click id, lb and the lander with its niche', () => {
    expect(visitFrom('?network=n1&ref=r1&sub1=s1&clickid=C-9&lb=1&other=x', '/landers/gallery/6', 'visitor-0123456789ab')).toEqual({
      network: 'n1', ref: 'r1', sub1: 's1', click_id: 'C-9', lb: true, lander: 'gallery', niche: 6, visitor: 'visitor-0123456789ab',
    });
    expect(visitFrom('?network=n1&lb=0', '/', undefined)).toEqual({ network: 'n1' });
    expect(landerOf('/landers/video/milf')).toEqual({ lander: 'video', niche: 6 });
    expect(landerOf('/landers/tinderswipe')).toEqual({ lander: 'tinderswipe' });
    expect(landerOf('/landers/gallery/unknown')).toEqual({ lander: 'gallery' });
    expect(landerOf('/members/12/landing2')).toEqual({ lander: 'profile-landing2' });
    expect(landerOf('/members/12')).toEqual({});
  });

  it('boots before the signup plugin, which takes its parameters out of the address in its own boot', () => {
    const order = orderPlugins(allWebPlugins()).map((p) => p.id);
    expect(order.indexOf('affiliates')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('affiliates')).toBeLessThan(order.indexOf('signup'));
  });
});

describe('affiliates in the browser: recording the visit', () => {
  beforeEach(() => { localStorage.clear(); history.replaceState(null, '', '/?network=n1&ref=r1&sub1=s1&click_id=X1&lb=1&keep=yes'); });
  afterEach(() => vi.restoreAllMocks());

  it('posts the visit with a visitor id kept in local storage, and tidies the address', async () => {
    const { transport, visits, release } = fakeTransport({ source: 'S'.repeat(22), bounce: false });
    const done = trackVisit(transport, { search: location.search, pathname: location.pathname });
    release();
    await done;
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ network: 'n1', ref: 'r1', sub1: 's1', click_id: 'X1', lb: true });
    expect(visits[0].visitor).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(localStorage.getItem('affiliates:visitor')).toBe(visits[0].visitor);
    expect(location.search).toBe('?keep=yes');
    // The same browser later: the same visitor id (the server counts one visit a day).
    history.replaceState(null, '', '/?network=n1');
    const again = fakeTransport();
    const second = trackVisit(again.transport, { search: location.search, pathname: '/' });
    again.release();
    await second;
    expect(again.visits[0].visitor).toBe(visits[0].visitor);
  });

  it('with lb, reports once as the page is hidden: time on page and whether it was touched within 10 s', async () => {
    const { transport, bounces, release } = fakeTransport();
    vi.spyOn(performance, 'now').mockReturnValue(3000);
    const done = trackVisit(transport, { search: location.search, pathname: location.pathname });
    // Hidden before the visit's answer came: the visitor id finds the visit.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(bounces).toEqual([{ visitor: expect.any(String), time_on_page_ms: 3000, interacted: false }]);
    release();
    await done;
    window.dispatchEvent(new Event('pagehide'));
    expect(bounces).toHaveLength(1);
  });

  it('counts a click within 10 s as interaction, and names the source once known', async () => {
    const { transport, bounces, release } = fakeTransport();
    const now = vi.spyOn(performance, 'now').mockReturnValue(2000);
    const done = trackVisit(transport, { search: location.search, pathname: location.pathname });
    release();
    await done;
    window.dispatchEvent(new Event('click'));
    now.mockReturnValue(45_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(bounces).toEqual([{ source: 'S'.repeat(22), visitor: expect.any(String), time_on_page_ms: 45_000, interacted: true }]);
  });

  it('does not count interaction after 10 s', async () => {
    const { transport, bounces, release } = fakeTransport();
    const now = vi.spyOn(performance, 'now').mockReturnValue(12_000);
    const done = trackVisit(transport, { search: location.search, pathname: location.pathname });
    release();
    await done;
    window.dispatchEvent(new Event('keydown'));
    now.mockReturnValue(20_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(bounces[0]).toMatchObject({ interacted: false, time_on_page_ms: 20_000 });
  });
});
