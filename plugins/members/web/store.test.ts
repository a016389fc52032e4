import { describe, expect, it } from 'vitest';
import { MembersStore } from './store.ts';
import { Bus } from '../../../kernel/web/bus.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';

describe('members store', () => {
  it('searches with numeric ages and paging, and does not repeat the same search', async () => {
    const queries: unknown[] = [];
    const api = fakeApi({
      'GET /api/members.php': (_b, q) => {
        queries.push(q);
        return { profiles: [{ id: 1, name: 'Anna' }], total: 50, page: 2, per_page: 24 };
      },
    });
    const store = MembersStore.create({}, { api, bus: new Bus() });
    await store.search({ country: 'DE', min_age: '30' }, 2);
    await store.search({ country: 'DE', min_age: '30' }, 2);
    // As the address carries them (numbers as text, no empty parameters).
    expect(queries).toEqual([{ country: 'DE', min_age: '30', page: '2' }]);
    expect(store.total).toBe(50);
    expect(store.pages).toBe(3);
    expect(store.results).toHaveLength(1);
  });

  it('takes the first page from the HTML and does not ask again; one request for a search already running', async () => {
    const api = fakeApi({ 'GET /api/members.php': () => ({ profiles: [], total: 100, page: 1, per_page: 24 }) });
    const store = MembersStore.create({}, { api, bus: new Bus() });
    store.hydrate({ profiles: [{ id: 7, name: 'Eva' }] as never, total: 300, page: 1, per_page: 24 });
    await store.search({}, 1);
    expect(api.calls).toEqual([]);
    expect(store.results).toHaveLength(1);
    const a = store.search({ country: 'DE' }, 1);
    const b = store.search({ country: 'DE' }, 1);
    await Promise.all([a, b]);
    expect(api.calls).toEqual(['GET /api/members.php']);
  });

  it('keeps a search failure for the page to show', async () => {
    const api = fakeApi({ 'GET /api/members.php': () => { throw new Error('down'); } });
    const store = MembersStore.create({}, { api, bus: new Bus() });
    await store.search({}, 1);
    expect(store.searchError).toBeInstanceOf(Error);
    expect(store.searching).toBe(false);
  });

  it('fetches regions once and finds a country\'s regions', async () => {
    const api = fakeApi({ 'GET /api/regions.php': () => ({ countries: [{ country: 'PL', region_word: 'voivodeship', regions: [{ code: 'mazowieckie', name: 'Mazowieckie' }] }] }) });
    const store = MembersStore.create({}, { api, bus: new Bus() });
    await store.loadRegions();
    await store.loadRegions();
    expect(api.calls).toEqual(['GET /api/regions.php']);
    expect(store.regionsOf('PL')?.region_word).toBe('voivodeship');
    expect(store.regionsOf('DE')).toBeNull();
  });
});
