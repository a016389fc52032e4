import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import { companyInfo, type CompanyInfo, type CompanyInfoResponse } from '../contract.ts';
import { storeSlice } from '../../../kernel/web/slice.ts';

/** The operating company, fetched once and cached. */
export const PagesStore = types
  .model('PagesStore', { company: types.maybeNull(types.frozen<CompanyInfo>()) })
  .actions((self) => {
    let pending: Promise<unknown> | null = null;
    const fetchCompany = flow(function* () {
      const res: CompanyInfoResponse = yield getEnv<StoreEnv>(self).api.call(companyInfo);
      self.company = res.company;
    });
    return {
      loadCompany() {
        if (self.company) return Promise.resolve();
        pending ??= fetchCompany().catch((err: unknown) => { pending = null; throw err; });
        return pending;
      },
    };
  });

export type PagesStoreInstance = Instance<typeof PagesStore>;

/** This plugin's store slice: `pagesSlice.of(kernel)`. */
export const pagesSlice = storeSlice('pages', PagesStore);
