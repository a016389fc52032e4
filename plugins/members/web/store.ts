import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import type {
  CountryRegions, Interest, InterestsResponse, MemberResponse, MembersQuery, MembersResponse, Profile,
  ProfileSummary, RegionsResponse,
} from '../contract.ts';

export const FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type Filter = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** Search filter, paged results, cached profiles, regions and interests (fetched once). */
export const MembersStore = types
  .model('MembersStore', {
    filter: types.frozen<Filter>({}),
    page: 1,
    total: 0,
    perPage: 24,
    results: types.frozen<ProfileSummary[]>([]),
    profiles: types.map(types.frozen<Profile>()),
    regions: types.maybeNull(types.frozen<CountryRegions[]>()),
    interests: types.maybeNull(types.frozen<Interest[]>()),
  })
  .volatile(() => ({ searching: false, searchError: null as unknown, searchedKey: '' }))
  .views((self) => ({
    get pages() {
      return Math.max(1, Math.ceil(self.total / self.perPage));
    },
    regionsOf(country: string | undefined) {
      return self.regions?.find((c) => c.country === country) ?? null;
    },
  }))
  .actions((self) => {
    const api = () => getEnv<StoreEnv>(self).api;
    return {
      /** Runs the search for this filter and page, unless those results are already shown. */
      search: flow(function* (filter: Filter, page: number) {
        const key = JSON.stringify([filter, page]);
        if (key === self.searchedKey && !self.searchError) return;
        self.filter = filter;
        self.page = page;
        self.searching = true;
        self.searchError = null;
        try {
          const query: MembersQuery = {
            ...filter,
            min_age: filter.min_age ? Number(filter.min_age) : undefined,
            max_age: filter.max_age ? Number(filter.max_age) : undefined,
            page,
          } as MembersQuery;
          const res: MembersResponse = yield api().get<MembersResponse>('/api/members.php', { query: query as Record<string, string | number> });
          self.results = res.profiles;
          self.total = res.total;
          self.perPage = res.per_page;
          self.searchedKey = key;
        } catch (err) {
          self.searchError = err;
        } finally {
          self.searching = false;
        }
      }),
      loadProfile: flow(function* (id: number) {
        const res: MemberResponse = yield api().get<MemberResponse>('/api/member.php', { query: { id } });
        self.profiles.set(String(id), res.profile);
        return res.profile;
      }),
      loadRegions: flow(function* () {
        if (self.regions) return;
        const res: RegionsResponse = yield api().get<RegionsResponse>('/api/regions.php');
        self.regions = res.countries;
      }),
      loadInterests: flow(function* () {
        if (self.interests) return;
        const res: InterestsResponse = yield api().get<InterestsResponse>('/api/interests.php');
        self.interests = res.interests;
      }),
    };
  });

export type MembersStoreInstance = Instance<typeof MembersStore>;
