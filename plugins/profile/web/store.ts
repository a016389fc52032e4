import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import type { OwnProfile } from '../../members/contract.ts';
import { deletePhoto, ownProfile, saveProfile, setMainPhoto, uploadPhoto, type OwnProfileResponse, type SaveProfileRequest } from '../contract.ts';
import { storeSlice } from '../../../kernel/web/slice.ts';

/** The member's own profile while editing it; every change answers with the whole new profile. */
export const ProfileStore = types
  .model('ProfileStore', { own: types.maybeNull(types.frozen<OwnProfile>()) })
  .volatile(() => ({ uploading: 0 }))
  .actions((self) => {
    const api = () => getEnv<StoreEnv>(self).api;
    const take = (res: OwnProfileResponse) => { self.own = res.profile; return res.profile; };
    return {
      load: flow(function* () {
        return take(yield api().call(ownProfile));
      }),
      save: flow(function* (update: SaveProfileRequest) {
        return take(yield api().call(saveProfile, { body: update }));
      }),
      upload: flow(function* (file: File) {
        self.uploading += 1;
        try {
          return take(yield api().call(uploadPhoto, {}, { file, retries: 1 }));
        } finally {
          self.uploading -= 1;
        }
      }),
      setMain: flow(function* (id: number) {
        return take(yield api().call(setMainPhoto, { body: { id, main: true } }));
      }),
      remove: flow(function* (id: number) {
        return take(yield api().call(deletePhoto, { body: { id } }));
      }),
    };
  });

export type ProfileStoreInstance = Instance<typeof ProfileStore>;

/** This plugin's store slice: `profileSlice.of(kernel)`. */
export const profileSlice = storeSlice('profile', ProfileStore);
