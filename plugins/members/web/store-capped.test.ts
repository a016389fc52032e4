import { describe, expect, it } from 'vitest';
import { MembersStore } from './store.ts';
import { Bus } from '../../../kernel/web/bus.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';

describe('members store with a capped total', () => {
  it('keeps "1000+" and offers a next page while pages come back full', async () => {
    const full = Array.from({ length: 24 }, (_, i) => ({ id: i + 1, name: `M${i}` }));
    let rows = full;
    const api = fakeApi({ 'GET /api/members.php': (_b, q) => ({ profiles: rows, total: 1000, total_capped: true, page: Number((q as { page: number }).page), per_page: 24 }) });
    const store = MembersStore.create({}, { api, bus: new Bus() });
    await store.search({}, 1);
    expect(store.totalCapped).toBe(true);
    expect(store.pages).toBe(42);
    await store.search({}, 50);
    expect(store.pages).toBe(51);
    rows = full.slice(0, 5);
    await store.search({}, 60);
    expect(store.pages).toBe(60);
  });

  it('counts pages from an exact total', async () => {
    const api = fakeApi({ 'GET /api/members.php': () => ({ profiles: [], total: 30, page: 1, per_page: 24 }) });
    const store = MembersStore.create({}, { api, bus: new Bus() });
    await store.search({}, 1);
    expect(store.totalCapped).toBe(false);
    expect(store.pages).toBe(2);
  });
});
