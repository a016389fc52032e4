import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from './router.ts';
import type { RouteDef } from './plugin.ts';

const page = async () => ({ default: () => null });
const routes: (RouteDef<string> & { path: string })[] = [
  { name: 'index', path: '/', access: 'visitor', page },
  { name: 'members', path: '/members', access: 'visitor', page },
  { name: 'members-id', path: '/members/:id', access: 'visitor', page },
];

describe('router', () => {
  let destroy = () => {};
  afterEach(() => destroy());

  it('builds addresses from route names', () => {
    const r = createRouter(routes, () => {});
    destroy = r.destroy;
    expect(r.href('members-id', { id: 7 })).toBe('/members/7');
    expect(r.href('members', {}, { country: 'DE', min_age: '30' })).toBe('/members?country=DE&min_age=30');
    expect(r.href('index')).toBe('/');
    expect(() => r.href('nope')).toThrow();
  });

  it('matches history-mode paths to named routes with params and query', () => {
    const onMatch = vi.fn();
    const r = createRouter(routes, onMatch);
    destroy = r.destroy;
    r.start();
    r.navigate('members-id', { id: 42 }, { tab: 'photos' });
    expect(location.pathname).toBe('/members/42');
    const [route, match] = onMatch.mock.calls.at(-1)!;
    expect(route.name).toBe('members-id');
    expect(match).toMatchObject({ params: { id: '42' }, query: { tab: 'photos' } });
  });

  it('reports unknown paths as not found and keeps redirects on this site', () => {
    const onMatch = vi.fn();
    const r = createRouter(routes, onMatch);
    destroy = r.destroy;
    r.start();
    r.go('/no/such/page');
    expect(onMatch.mock.calls.at(-1)![0]).toBeNull();
    r.go('//evil.example/members');
    expect(location.pathname).toBe('/');
    expect(onMatch.mock.calls.at(-1)![0].name).toBe('index');
  });

  it('matches a route with an optional last parameter with and without it', () => {
    const seen: string[] = [];
    const r = createRouter([
      { name: 'credits', path: '/credits', access: 'member', page },
      { name: 'credits-repeat-order', path: '/credits/repeat-order', access: 'member', page },
      { name: 'credits-id-paymentmethod', path: '/credits/:id/:paymentmethod?', access: 'member', page },
      { name: 'transactions-id', path: '/transactions/:id?', access: 'member', page },
    ], (route, m) => seen.push(`${route?.name ?? 'none'} ${JSON.stringify(m.params)}`));
    destroy = r.destroy;
    for (const p of ['/credits/repeat-order', '/credits/2', '/credits/2/blik', '/transactions', '/transactions/5', '/credits/2/blik/x']) r.go(p);
    expect(seen).toEqual([
      'credits-repeat-order {}', 'credits-id-paymentmethod {"id":"2"}', 'credits-id-paymentmethod {"id":"2","paymentmethod":"blik"}',
      'transactions-id {}', 'transactions-id {"id":"5"}', 'none {}',
    ]);
    expect(r.href('credits-id-paymentmethod', { id: 2 })).toBe('/credits/2');
    expect(r.href('transactions-id')).toBe('/transactions');
  });
});
