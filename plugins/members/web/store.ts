import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import {
  blockMember, interests as interestsEndpoint, memberProfile, memberSearch, regions as regionsEndpoint, unblockMember,
  type CountryRegions, type Gender, type Interest, type InterestsResponse, type MemberResponse, type MembersQuery,
  type MembersResponse, type Profile, type ProfileSummary, type RegionsResponse,
} from '../contract.ts';
import { storeSlice } from '../../../kernel/web/slice.ts';

export const FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type Filter = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** The search filter and page an address asks for (`/members?country=DE&page=2`). */
export function searchOf(query: Record<string, string | undefined>): { filter: Filter; page: number } {
  return {
    filter: Object.fromEntries(FILTER_KEYS.filter((k) => query[k]).map((k) => [k, query[k]])),
    page: Math.max(1, Number(query.page) || 1),
  };
}

/** Search filter, paged results, cached profiles, regions and interests (fetched once). */
export const MembersStore = types
  .model('MembersStore', {
    filter: types.frozen<Filter>({}),
    page: 1,
    total: 0,
    /** More than `total` match (the server stopped counting): shown as "1000+". */
    totalCapped: false,
    perPage: 24,
    results: types.frozen<ProfileSummary[]>([]),
    /** Relaxed search next to the exact one, with its own count. */
    similar: types.frozen<ProfileSummary[]>([]),
    similarTotal: 0,
    profiles: types.map(types.frozen<Profile>()),
    regions: types.maybeNull(types.frozen<CountryRegions[]>()),
    interests: types.maybeNull(types.frozen<Interest[]>()),
  })
  .volatile(() => ({ searching: false, searchError: null as unknown, searchedKey: '', pendingKey: '' }))
  .views((self) => ({
    get pages() {
      const counted = Math.max(1, Math.ceil(self.total / self.perPage));
      // Past a capped total the last page is unknown: one more while pages come back full.
      return self.totalCapped ? Math.max(counted, self.page + (self.results.length === self.perPage ? 1 : 0)) : counted;
    },
    regionsOf(country: string | undefined) {
      return self.regions?.find((c) => c.country === country) ?? null;
    },
  }))
  .actions((self) => {
    const api = () => getEnv<StoreEnv>(self).api;
    return {
      /**
       * Takes the unfiltered first page the server put into the HTML (boot data `members-search`).
       * Few results need the similar profiles too: those are left to `search`.
       */
      /** A profile the page carries (boot data `member-profile`). */
      hydrateProfile(profile: Profile) {
        self.profiles.set(String(profile.id), profile);
      },
      hydrate(res: MembersResponse) {
        if (res.total < res.per_page * 2) return;
        self.filter = {};
        self.page = 1;
        self.results = res.profiles;
        self.total = res.total;
        self.perPage = res.per_page;
        self.similar = [];
        self.similarTotal = 0;
        self.searchError = null;
        self.searchedKey = JSON.stringify([{}, 1]);
      },
      /** Runs the search for this filter and page, unless those results are already shown. */
      search: flow(function* (filter: Filter, page: number) {
        const key = JSON.stringify([filter, page]);
        if (key === self.searchedKey && !self.searchError) return;
        if (self.searching && key === self.pendingKey) return; // already on its way
        self.pendingKey = key;
        self.filter = filter;
        self.page = page;
        self.searching = true;
        self.searchError = null;
        try {
          const query: MembersQuery = {
            ...filter,
            // A gender the server does not know goes as it is, and is refused there.
            gender: filter.gender as Gender | undefined,
            min_age: filter.min_age ? Number(filter.min_age) : undefined,
            max_age: filter.max_age ? Number(filter.max_age) : undefined,
            page,
          };
          const res: MembersResponse = yield api().call(memberSearch, { query });
          self.results = res.profiles;
          self.total = res.total;
          self.totalCapped = Boolean(res.total_capped);
          self.perPage = res.per_page;
          self.searchedKey = key;
          // Few exact results: offer similar profiles (same gender and country, wider ages, any region).
          const similar: MembersResponse = res.total < res.per_page * 2
            ? yield api().call(memberSearch, { query: { ...query, page: 1, similar: true } })
            : { profiles: [], total: 0, page: 1, per_page: res.per_page };
          self.similar = similar.profiles;
          self.similarTotal = similar.total;
        } catch (err) {
          self.searchError = err;
        } finally {
          self.searching = false;
        }
      }),
      loadProfile: flow(function* (id: number) {
        const res: MemberResponse = yield api().call(memberProfile, { query: { id } });
        self.profiles.set(String(id), res.profile);
        return res.profile;
      }),
      /** Drops a cached profile (e.g. the member's own after editing it). */
      forget(id: number) {
        self.profiles.delete(String(id));
      },
      setBlocked: flow(function* (id: number, blocked: boolean) {
        if (blocked) yield api().call(blockMember, { body: { id } });
        else yield api().call(unblockMember, { body: { id } });
        const p = self.profiles.get(String(id));
        if (p) self.profiles.set(String(id), { ...p, blocked });
        self.results = self.results.filter((r) => !blocked || r.id !== id);
        self.searchedKey = '';
      }),
      loadRegions: flow(function* () {
        if (self.regions) return;
        const res: RegionsResponse = yield api().call(regionsEndpoint);
        self.regions = res.countries;
      }),
      loadInterests: flow(function* () {
        if (self.interests) return;
        const res: InterestsResponse = yield api().call(interestsEndpoint);
        self.interests = res.interests;
      }),
    };
  });

export type MembersStoreInstance = Instance<typeof MembersStore>;

/** This plugin's store slice: `membersSlice.of(kernel)`. */
export const membersSlice = storeSlice('members', MembersStore);
